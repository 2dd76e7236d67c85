"""Line charts drawn on the server as SVG: a player's running money and rating.

The page carries no chart library and runs no script for them.  The SVG is
built with :mod:`xml.etree.ElementTree`, so every text in it (a date, a
number) is escaped by construction, never pasted into markup.  The values are
the club's exact numbers (decimal strings, ints); they are turned into floats
only to place a point on the picture, never to be shown: every label is the
club's own text.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal
from typing import Sequence

from markupsafe import Markup

__all__ = ["line_chart"]

_W, _H = 360, 170
_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 12, 12, 26


def _num(text: str | int) -> float:
    """A value's place on the picture (only that: labels keep the exact text)."""
    return float(Decimal(str(text)))


def line_chart(points: Sequence[tuple[str, str | int]], label: str) -> Markup:
    """An SVG line of ``points`` (x label, value) with its lowest, highest and zero lines.

    ``label`` names the chart for screen readers (``role="img"``).  One point is
    drawn as a dot; none as an empty frame.
    """
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                             "viewBox": f"0 0 {_W} {_H}", "class": "chart", "role": "img",
                             "aria-label": label})
    ET.SubElement(svg, "title").text = label
    plot_w = _W - _LEFT - _RIGHT
    plot_h = _H - _TOP - _BOTTOM
    ET.SubElement(svg, "rect", {"x": str(_LEFT), "y": str(_TOP), "width": str(plot_w),
                                "height": str(plot_h), "class": "frame"})
    if not points:
        return Markup(ET.tostring(svg, encoding="unicode"))
    values = [_num(v) for _, v in points]
    low, high = min(values + [0.0]), max(values + [0.0])
    if high == low:
        high, low = high + 1, low - 1

    def y(v: float) -> float:
        return _TOP + (high - v) / (high - low) * plot_h

    def x(i: int) -> float:
        return _LEFT + (plot_w / 2 if len(points) == 1 else i * plot_w / (len(points) - 1))

    shown: dict[float, str] = {}
    for text, v in zip([t for _, t in points], values):  # the extremes, in the club's words
        if v in (min(values), max(values)):
            shown.setdefault(v, str(text))
    if 0.0 not in shown:  # the zero line, labelled unless that crowds another label
        shown[0.0] = "" if any(abs(y(0.0) - y(v)) < 12 for v in shown) else "0"
    for v, text in sorted(shown.items()):
        yy = f"{y(v):.1f}"
        ET.SubElement(svg, "line", {"x1": str(_LEFT), "x2": str(_W - _RIGHT), "y1": yy,
                                    "y2": yy, "class": "zero" if v == 0 else "grid"})
        if text:
            t = ET.SubElement(svg, "text", {"x": str(_LEFT - 4), "y": f"{y(v) + 4:.1f}",
                                            "text-anchor": "end", "class": "axis"})
            t.text = text
    coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    if len(points) > 1:
        ET.SubElement(svg, "polyline", {"points": coords, "class": "line"})
    for i, v in enumerate(values):
        dot = ET.SubElement(svg, "circle", {"cx": f"{x(i):.1f}", "cy": f"{y(v):.1f}",
                                            "r": "3", "class": "dot"})
        ET.SubElement(dot, "title").text = f"{points[i][0]}: {points[i][1]}"
    ends = [(0, "start")] if len(points) == 1 else [(0, "start"), (len(points) - 1, "end")]
    for i, anchor in ends:
        t = ET.SubElement(svg, "text", {"x": f"{x(i):.1f}", "y": str(_H - 8),
                                        "text-anchor": "middle" if len(points) == 1 else anchor,
                                        "class": "axis"})
        t.text = points[i][0]
    return Markup(ET.tostring(svg, encoding="unicode"))

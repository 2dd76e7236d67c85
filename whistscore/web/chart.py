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

__all__ = ["line_chart", "made_bars", "places_chart"]

_W, _H = 360, 170
_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 12, 12, 26
#: the most points drawn each as a dot with its own title: one every 8 px of the plot.  A
#: longer history (a regular's few hundred evenings) is its line alone, its extremes and
#: ends labelled: dots closer than their own width hide each other and their titles, and
#: cost the phone a few hundred kilobytes of page
DOTS = (_W - _LEFT - _RIGHT) // 8


def _num(text: str | int) -> float:
    """A value's place on the picture (only that: labels keep the exact text)."""
    return float(Decimal(str(text)))


def _framed(label: str, css: str) -> tuple[ET.Element, float, float]:
    """A chart's SVG with its title for screen readers and the plot's frame; the plot's
    width and height."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                             "viewBox": f"0 0 {_W} {_H}", "class": css, "role": "img",
                             "aria-label": label})
    ET.SubElement(svg, "title").text = label
    plot_w = _W - _LEFT - _RIGHT
    plot_h = _H - _TOP - _BOTTOM
    ET.SubElement(svg, "rect", {"x": str(_LEFT), "y": str(_TOP), "width": str(plot_w),
                                "height": str(plot_h), "class": "frame"})
    return svg, plot_w, plot_h


def line_chart(points: Sequence[tuple[str, str | int]], label: str) -> Markup:
    """An SVG line of ``points`` (x label, value) with its lowest, highest and zero lines.

    ``label`` names the chart for screen readers (``role="img"``).  Each point is a dot
    with its date and value as its title, up to :data:`DOTS` points; one point is drawn
    as a dot; none as an empty frame.
    """
    svg, plot_w, plot_h = _framed(label, "chart")
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
    for i, v in enumerate(values if len(values) <= DOTS else ()):
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


#: a bar chart's row height and the width kept for the row's label
_ROW, _LABEL = 22, 64


def made_bars(rows: Sequence[tuple[str, int, int]], label: str, made_word: str,
              failed_word: str) -> Markup:
    """Horizontal bars, one per row (label, made, played): the made part and the failed
    part side by side, to the scale of the most played row, each with its counts as text
    ("5 / 1"), and a key of the two words.  Drawn 360 wide, as tall as its rows."""
    height = _TOP + len(rows) * _ROW + 28
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                             "viewBox": f"0 0 {_W} {height}", "class": "chart bars",
                             "role": "img", "aria-label": label})
    ET.SubElement(svg, "title").text = label
    most = max([played for _, _, played in rows] + [1])
    width = _W - _LABEL - _RIGHT - 44
    for i, (name, made, played) in enumerate(rows):
        top = _TOP + i * _ROW
        t = ET.SubElement(svg, "text", {"x": str(_LABEL - 6), "y": str(top + 15),
                                        "text-anchor": "end", "class": "axis"})
        t.text = name
        made_w = width * made / most
        failed_w = width * (played - made) / most
        for x, w, cls, n, word in ((_LABEL, made_w, "made", made, made_word),
                                   (_LABEL + made_w, failed_w, "failed", played - made,
                                    failed_word)):
            if w > 0:
                bar = ET.SubElement(svg, "rect", {"x": f"{x:.1f}", "y": str(top + 3),
                                                  "width": f"{w:.1f}", "height": "15",
                                                  "class": cls})
                ET.SubElement(bar, "title").text = f"{name}: {n} {word}"
        t = ET.SubElement(svg, "text", {"x": f"{_LABEL + made_w + failed_w + 4:.1f}",
                                        "y": str(top + 15), "class": "axis"})
        t.text = f"{made} / {played - made}"
    key_y = _TOP + len(rows) * _ROW + 12
    for x, cls, word in ((_LABEL, "made", made_word), (_LABEL + 120, "failed", failed_word)):
        ET.SubElement(svg, "rect", {"x": str(x), "y": str(key_y - 9), "width": "10",
                                    "height": "10", "class": cls})
        t = ET.SubElement(svg, "text", {"x": str(x + 14), "y": str(key_y), "class": "axis"})
        t.text = word
    return Markup(ET.tostring(svg, encoding="unicode"))


def places_chart(points: Sequence[tuple[str, int, int]], label: str) -> Markup:
    """A player's place in each evening (date, place, players), first place on top: a
    dot an evening on a line (up to :data:`DOTS` evenings; more are the line alone), the
    places as the axis's labels, the first and last date below."""
    svg, plot_w, plot_h = _framed(label, "chart places")
    if not points:
        return Markup(ET.tostring(svg, encoding="unicode"))
    last = max([players for _, _, players in points] + [2])

    def y(place: int) -> float:
        return _TOP + 8 + (place - 1) / (last - 1) * (plot_h - 16)

    def x(i: int) -> float:
        return _LEFT + (plot_w / 2 if len(points) == 1 else i * plot_w / (len(points) - 1))

    for place in range(1, last + 1):
        yy = f"{y(place):.1f}"
        ET.SubElement(svg, "line", {"x1": str(_LEFT), "x2": str(_W - _RIGHT), "y1": yy,
                                    "y2": yy, "class": "grid"})
        t = ET.SubElement(svg, "text", {"x": str(_LEFT - 4), "y": f"{y(place) + 4:.1f}",
                                        "text-anchor": "end", "class": "axis"})
        t.text = str(place)
    if len(points) > 1:
        ET.SubElement(svg, "polyline", {
            "points": " ".join(f"{x(i):.1f},{y(p):.1f}" for i, (_, p, _) in enumerate(points)),
            "class": "line"})
    for i, (date, place, players) in enumerate(points if len(points) <= DOTS else ()):
        dot = ET.SubElement(svg, "circle", {"cx": f"{x(i):.1f}", "cy": f"{y(place):.1f}",
                                            "r": "3.5", "class": "dot first" if place == 1
                                            else "dot"})
        ET.SubElement(dot, "title").text = f"{date}: {place} / {players}"
    ends = [(0, "middle")] if len(points) == 1 else [(0, "start"), (len(points) - 1, "end")]
    for i, anchor in ends:
        t = ET.SubElement(svg, "text", {"x": f"{x(i):.1f}", "y": str(_H - 8),
                                        "text-anchor": anchor, "class": "axis"})
        t.text = points[i][0]
    return Markup(ET.tostring(svg, encoding="unicode"))

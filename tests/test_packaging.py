"""What surrounds the code (issue 38): the package's metadata, the workflows, the container.

The workflows cannot run here, so their structure is checked by parsing them; the image
cannot be built here (no Docker engine), so the Dockerfile's commands are checked against
the command line's own parser.  ``python -m build`` and ``twine check``, the wheel installed
outside the checkout and the lowest dependencies are run by ``.ci/run``.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest
import yaml

import whistscore

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser from PyPI (the test group installs it there)
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
WORKFLOWS = ROOT / ".github" / "workflows"


# -- metadata ---------------------------------------------------------------------------

def test_metadata_is_complete() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "the whistscore authors" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["authors"] and project["keywords"]
    assert {"Homepage", "Documentation", "Issues", "Changelog"} <= set(project["urls"])
    classifiers = project["classifiers"]
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX field says it
    # setuptools reads an SPDX licence from 77 on
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77.0.3"]


def test_the_version_is_written_once() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "whistscore.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", whistscore.__version__)


def test_development_tools_are_a_group_not_an_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert set(extras) == {"serve"}
    groups = PYPROJECT["dependency-groups"]
    flat = " ".join(str(r) for r in groups["dev"] + groups["test"])
    for tool in ("pytest", "mypy", "selenium", "pillow", "ruff", "mkdocs", "twine"):
        assert tool in flat


def test_uvicorn_is_capped_where_its_private_protocol_is_used() -> None:
    serve = PYPROJECT["project"]["optional-dependencies"]["serve"]
    uvicorn = next(r for r in serve if r.startswith("uvicorn"))
    assert "<" in uvicorn
    source = (ROOT / "whistscore" / "web" / "protocol.py").read_text(encoding="utf-8")
    assert "from uvicorn.protocols.http.h11_impl import H11Protocol" in source
    assert any(r.startswith("h11") for r in serve)  # imported there directly


def test_every_folder_of_the_package_is_packaged() -> None:
    """The packages are named one by one (samples/ is mapped into the package): a folder
    added to whistscore/ without its line in pyproject.toml would be missing from the wheel."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    assert setuptools["package-dir"] == {"whistscore.samples": "samples"}
    found = {".".join(p.relative_to(ROOT).parts) for p in (ROOT / "whistscore").rglob("*")
             if p.is_dir() and p.name != "__pycache__"} | {"whistscore"}
    found |= {"whistscore." + ".".join(p.relative_to(ROOT).parts)
              for p in (ROOT / "samples").rglob("*") if p.is_dir()} | {"whistscore.samples"}
    assert found == listed


def test_the_sdist_ships_no_tests() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "prune tests" in manifest.splitlines()


# -- the workflows ----------------------------------------------------------------------

def _workflow(name: str) -> dict:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


@pytest.mark.parametrize("name", sorted(p.name for p in WORKFLOWS.glob("*.yml")))
def test_a_workflow_has_the_shape_actions_reads(name: str) -> None:
    data = _workflow(name)
    assert data["name"] and data["on"]
    assert data["jobs"]
    for job_name, job in data["jobs"].items():
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", job_name)
        assert "runs-on" in job and job["steps"], job_name
        matrix = job.get("strategy", {}).get("matrix", {})
        text = json.dumps(job)
        for key in re.findall(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", text):
            assert key in matrix, f"{name}: {job_name} uses matrix.{key}"
        for need in job.get("needs", []) if isinstance(job.get("needs"), list) \
                else [job["needs"]] if "needs" in job else []:
            assert need in data["jobs"]
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), f"{name}: {job_name}: {step}"
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@[\w./-]+", step["uses"]), step["uses"]
            unknown = set(step) - {"name", "uses", "run", "with", "shell", "env", "id", "if",
                                   "working-directory", "continue-on-error",
                                   "timeout-minutes"}
            assert not unknown, f"{name}: {job_name}: {unknown}"


def test_the_tests_workflow() -> None:
    jobs = _workflow("tests.yml")["jobs"]
    assert jobs["linux"]["strategy"]["matrix"]["python"] == ["3.10", "3.11", "3.12", "3.13"]
    assert "ubuntu" in jobs["linux"]["runs-on"]
    assert set(jobs["smoke"]["strategy"]["matrix"]["os"]) == {"macos-latest", "windows-latest"}
    runs = " ".join(s.get("run", "") for s in jobs["lowest"]["steps"])
    assert "--resolution lowest-direct" in runs and "tests/smoke.txt" in runs
    runs = " ".join(s.get("run", "") for s in jobs["smoke"]["steps"])
    assert "tests/smoke.txt" in runs


def test_the_publish_workflow_uses_trusted_publishing() -> None:
    data = _workflow("publish.yml")
    assert data["on"] == {"push": {"tags": ["v*"]}}
    publish = data["jobs"]["publish"]
    assert publish["permissions"] == {"id-token": "write"}
    assert any(s.get("uses", "").startswith("pypa/gh-action-pypi-publish@")
               for s in publish["steps"])
    assert "password" not in json.dumps(data)  # no token: PyPI trusts the workflow


def test_the_smoke_subset_names_tests_that_exist() -> None:
    entries = [line for line in (ROOT / "tests" / "smoke.txt").read_text().splitlines()
               if line and not line.startswith("#")]
    assert len(entries) >= 5
    for entry in entries:
        assert (ROOT / entry.split("::")[0]).is_file(), entry


# -- the container ----------------------------------------------------------------------

def _dockerfile() -> dict[str, list[str]]:
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    found: dict[str, list[str]] = {}
    for line in lines.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            word, _, rest = line.strip().partition(" ")
            found.setdefault(word.upper(), []).append(rest.strip())
    return found


def test_the_dockerfile_runs_serve_as_the_cli_reads_it() -> None:
    from whistscore.cli.parser import parser as _parser

    docker = _dockerfile()
    argv = json.loads(docker["ENTRYPOINT"][0]) + json.loads(docker["CMD"][0])
    assert argv[0] == "whistscore"
    args = _parser().parse_args(argv[1:])
    assert args.command == "serve"
    assert args.host == "0.0.0.0"  # the phones reach it from outside the container
    assert docker["EXPOSE"] == [str(args.port)]
    assert json.loads(docker["VOLUME"][0]) == [args.folder]
    installs = [shlex.split(r) for r in docker["RUN"] if "pip install" in r]
    extras = {w.partition("[")[2].rstrip("]") for cmd in installs for w in cmd if "[" in w}
    assert extras == {"serve"} and "serve" in PYPROJECT["project"]["optional-dependencies"]
    for copy in docker["COPY"]:
        for source in copy.split()[:-1]:
            assert (ROOT / source).exists(), source
    assert docker["USER"] != ["root"] and docker["USER"]


# -- the README ---------------------------------------------------------------------------

def test_the_readme_reads_well_as_a_package_description() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    for src in re.findall(r'<img src="([^"]+)"', readme) + re.findall(r"!\[[^]]*\]\(([^)]+)\)",
                                                                       readme):
        assert src.startswith("https://"), src
        assert (ROOT / src.split("/main/", 1)[1]).is_file(), src
    assert "tests/smoke.txt" in readme and "10–30 minutes" in readme
    for program in ("Chromium", "LibreOffice", "poppler", "Node"):
        assert program in readme
    assert "whistscore demo" in readme


def test_the_docs_site_lists_every_page() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["docs_dir"] == "docs" and config["strict"] is True

    def pages(nav: object) -> list[str]:
        if isinstance(nav, str):
            return [nav]
        if isinstance(nav, list):
            return [p for item in nav for p in pages(item)]
        if isinstance(nav, dict):
            return [p for value in nav.values() for p in pages(value)]
        return []

    listed = pages(config["nav"])
    assert sorted(listed) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))


def test_the_pre_commit_configuration_runs_ruff_without_a_formatter() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: repo for repo in config["repos"] for h in repo["hooks"]}
    assert hooks["ruff"]["repo"].endswith("/ruff-pre-commit")
    assert re.fullmatch(r"v\d+\.\d+\.\d+", hooks["ruff"]["rev"])
    assert "ruff-format" not in hooks  # no sweep of the tree (CONTRIBUTING.md)


def test_read_the_docs_builds_the_same_site() -> None:
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert config["mkdocs"] == {"configuration": "mkdocs.yml", "fail_on_warning": True}
    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_url"]
    assert PYPROJECT["project"]["urls"]["Documentation"] == site
    assert site in (ROOT / "README.md").read_text(encoding="utf-8")

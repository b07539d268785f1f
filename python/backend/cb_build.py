"""The build backend of the Python package (PEP 517), written with the standard library alone.

pip builds a package in an isolated environment holding only what pyproject.toml's `requires`
lists; this backend needs nothing there, so `pip install ./python` and `pip wheel ./python` work
offline, with no setuptools to download. It builds the C library with the repository's CMake
project (the target codebreaker_shared, -DCB_TESTS=OFF) and puts it into the package, beside
_native.py, which loads it: the wheel needs no `make install` and no environment variable.

The wheel is tagged for this platform only (py3-none-linux_x86_64 here): the library links
libc, libm and libgomp (Debian's libgomp1). The project's metadata is pyproject.toml's [project]
table; the version is the C library's (include/codebreaker/version.h), which the package's
__version__ must equal. Hooks: build_wheel, build_sdist, prepare_metadata_for_build_wheel,
build_editable and the get_requires_* hooks. A config setting (pip --config-settings) may name
a library already built instead: library=PATH (its SONAME must be the package's; a relative PATH
is read from the folder pip was run in, the shell's PWD, since pip runs the backend in python/).

Building writes nothing into the source folder: the C library is built in a temporary folder, and
the bytecode Python writes for this module when pip imports it (backend/__pycache__) is removed as
soon as it is imported.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from typing import Any, Dict, List, Optional, Tuple

tomllib: Any
try:
    tomllib = importlib.import_module("tomllib")
except ImportError:  # Python < 3.11
    tomllib = None



def _forget_bytecode() -> None:
    """Remove the bytecode of this module, written into backend/__pycache__ when pip imported it."""
    sys.dont_write_bytecode = True
    cached = globals().get("__cached__")
    if not cached:
        return
    try:
        os.remove(cached)
        os.rmdir(os.path.dirname(cached))  # only when nothing else is in it
    except OSError:
        pass


_forget_bytecode()

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the folder of pyproject.toml
PACKAGE = "codebreaker"
# What the source distribution carries of the repository (under csrc/): what CMake configures.
C_TREE = ["CMakeLists.txt", "LICENSE", "package.json", "package-lock.json", "cmake", "include", "src", "data",
          "web", "tools", "bench", "scripts"]
# What it carries of the Python folder.
PY_TREE = ["pyproject.toml", "README.md", "backend", PACKAGE, "tests", "examples"]
SKIP = {"__pycache__", "node_modules", ".pytest_cache", ".mypy_cache"}
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed zip timestamps: the files alone decide the archive


# ---- the project -------------------------------------------------------------------------------


def _c_root() -> str:
    """The C project: csrc/ in a source distribution, else the repository around python/."""
    for root in (os.path.join(HERE, "csrc"), os.path.dirname(HERE)):
        if os.path.isfile(os.path.join(root, "include", "codebreaker", "version.h")):
            return root
    raise RuntimeError(f"codebreaker: no C sources beside {HERE} (csrc/ or the repository around it)")


def _version() -> str:
    """MAJOR.MINOR.PATCH of version.h, checked against the package's __version__."""
    with open(os.path.join(_c_root(), "include", "codebreaker", "version.h"), encoding="utf-8") as f:
        parts = dict(re.findall(r"#define CB_VERSION_(MAJOR|MINOR|PATCH) (\d+)", f.read()))
    version = f"{parts['MAJOR']}.{parts['MINOR']}.{parts['PATCH']}"
    with open(os.path.join(HERE, PACKAGE, "__init__.py"), encoding="utf-8") as f:
        found = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not found or found.group(1) != version:
        raise RuntimeError(f"codebreaker: __version__ is {found and found.group(1)}, the C library {version}")
    return version


def _project() -> Dict[str, Any]:
    if tomllib is None:
        raise RuntimeError("codebreaker: building the package needs Python 3.11 or later (tomllib)")
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        project: Dict[str, Any] = tomllib.load(f)["project"]
    project["version"] = _version()
    return project


def _dist_name(project: Dict[str, Any]) -> str:
    """The name as wheel and sdist file names spell it (PEP 427, 625)."""
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _metadata(project: Dict[str, Any]) -> str:
    """METADATA (core metadata 2.1) from [project]."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"License: {project['license']['text']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    lines += [f"Project-URL: {k}, {v}" for k, v in project.get("urls", {}).items()]
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    for extra, deps in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {d}; extra == "{extra}"' for d in deps]
    lines.append("Description-Content-Type: text/markdown")
    with open(os.path.join(HERE, project["readme"]), encoding="utf-8") as f:
        readme = f.read()
    return "\n".join(lines) + "\n\n" + readme


def _tag() -> str:
    """py3-none-PLATFORM: any Python 3, no extension module, this platform's library."""
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def _wheel_file(tag: str) -> str:
    return f"Wheel-Version: 1.0\nGenerator: codebreaker backend/cb_build.py\nRoot-Is-Purelib: false\nTag: {tag}\n"


# ---- the C library -------------------------------------------------------------------------------


def _soname() -> str:
    """libcodebreaker.so.MAJOR.MINOR, the name _native.py loads."""
    major, minor, _ = _version().split(".")
    return f"libcodebreaker.so.{major}.{minor}"


def _run(cmd: List[str]) -> None:
    print("codebreaker:", " ".join(cmd), file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True, stdout=sys.stderr)


def _library(config: Optional[Dict[str, Any]], work: str) -> str:
    """The shared library to bundle: built by CMake in work/, or config's library=PATH."""
    given = str((config or {}).get("library") or "")
    if given and not os.path.isabs(given):  # from the folder pip was run in, not python/ (pip's cwd)
        given = os.path.join(os.environ.get("PWD") or os.getcwd(), given)
    if given:
        if not os.path.basename(os.path.realpath(given)).startswith(_soname()):
            raise RuntimeError(f"codebreaker: library={given} is not {_soname()}*")
        return os.path.realpath(given)
    cmake = shutil.which("cmake")
    if not cmake:
        raise RuntimeError("codebreaker: building the C library needs cmake and a C compiler with OpenMP "
                           "(Debian: cmake, gcc; the repository's scripts/deps.sh installs the rest)")
    build = os.path.join(work, "cmake")
    _run([cmake, "-S", _c_root(), "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DCB_TESTS=OFF"])
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run([cmake, "--build", build, "--target", "codebreaker_shared", "--parallel", jobs])
    for folder, _, files in os.walk(build):  # build/src/ today; wherever the target's folder goes
        if _soname() in files:
            return os.path.realpath(os.path.join(folder, _soname()))
    raise RuntimeError(f"codebreaker: the build made no {_soname()} in {build}")


# ---- wheels --------------------------------------------------------------------------------------


class _Wheel:
    """A wheel being written: its files and their RECORD."""

    def __init__(self, path: str, dist_info: str):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.dist_info = dist_info
        self.record: List[str] = []

    def add(self, name: str, data: bytes, mode: int = 0o644) -> None:
        info = zipfile.ZipInfo(name, EPOCH)
        info.external_attr = (0o100000 | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append(f"{name},sha256={digest},{len(data)}")

    def close(self) -> None:
        record = f"{self.dist_info}/RECORD"
        self.zip.writestr(zipfile.ZipInfo(record, EPOCH), "\n".join(self.record + [f"{record},,"]) + "\n")
        self.zip.close()


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def _package_files() -> List[Tuple[str, str]]:
    """(path in the wheel, file) for the package's modules and py.typed."""
    folder = os.path.join(HERE, PACKAGE)
    return [(f"{PACKAGE}/{n}", os.path.join(folder, n)) for n in sorted(os.listdir(folder))
            if n.endswith(".py") or n == "py.typed"]


# The licences the wheel carries in its .dist-info/licenses/ (PEP 639's folder), as in the sources:
# the project's, and those of the word lists compiled into the library (data/README.md names each
# list's source and terms, the CC BY attribution of the word frequencies among them; data/selby/LICENSE
# is the MIT notice of A. Selby's lists). tests/install/python.sh checks each is in the wheel.
LICENSE_FILES = ["LICENSE", "data/README.md", "data/selby/LICENSE"]


def _dist_info_files(project: Dict[str, Any], tag: str) -> Dict[str, bytes]:
    files = {
        "METADATA": _metadata(project).encode(),
        "WHEEL": _wheel_file(tag).encode(),
        "top_level.txt": f"{PACKAGE}\n".encode(),
    }
    for rel in LICENSE_FILES:
        files[f"licenses/{rel}"] = _read(os.path.join(_c_root(), rel))
    return files


def _write_wheel(directory: str, project: Dict[str, Any], contents: List[Tuple[str, bytes, int]]) -> str:
    name, tag = _dist_name(project), _tag()
    dist_info = f"{name}-{project['version']}.dist-info"
    filename = f"{name}-{project['version']}-{tag}.whl"
    wheel = _Wheel(os.path.join(directory, filename), dist_info)
    for arcname, data, mode in contents:
        wheel.add(arcname, data, mode)
    for file, data in _dist_info_files(project, tag).items():
        wheel.add(f"{dist_info}/{file}", data)
    wheel.close()
    return filename


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: Optional[Dict[str, Any]] = None) -> str:
    project = _project()
    dist_info = f"{_dist_name(project)}-{project['version']}.dist-info"
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    for file, data in _dist_info_files(project, _tag()).items():
        path = os.path.join(metadata_directory, dist_info, file)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    project = _project()
    with tempfile.TemporaryDirectory(prefix="codebreaker-build-") as work:
        library = _library(config_settings, work)
        contents = [(arcname, _read(path), 0o644) for arcname, path in _package_files()]
        contents.append((f"{PACKAGE}/{_soname()}", _read(library), 0o755))
        return _write_wheel(wheel_directory, project, contents)


def build_editable(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """pip install -e: the library is built into the source folder (git ignores it), and a .pth
    file puts that folder on sys.path."""
    project = _project()
    with tempfile.TemporaryDirectory(prefix="codebreaker-build-") as work:
        shutil.copyfile(_library(config_settings, work), os.path.join(HERE, PACKAGE, _soname()))
    pth = (f"{_dist_name(project)}.pth", (HERE + "\n").encode(), 0o644)
    return _write_wheel(wheel_directory, project, [pth])


# ---- source distributions --------------------------------------------------------------------------


def _tree(root: str, names: List[str]) -> List[str]:
    """The files under root/names, relative to root, without caches and build folders."""
    out = []
    for name in names:
        top = os.path.join(root, name)
        if os.path.isfile(top):
            out.append(name)
            continue
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d not in SKIP and not d.startswith("build"))
            out += [os.path.relpath(os.path.join(folder, f), root) for f in sorted(files)
                    if not f.startswith("libcodebreaker.so")]
    return out


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """The Python folder with the C project under csrc/, which build_wheel then builds."""
    project = _project()
    base = f"{_dist_name(project)}-{project['version']}"
    path = os.path.join(sdist_directory, f"{base}.tar.gz")
    c_root = _c_root()
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:

        def add(arcname: str, data: bytes) -> None:
            info = tarfile.TarInfo(f"{base}/{arcname}")
            info.size, info.mode, info.mtime = len(data), 0o644, 315532800
            tar.addfile(info, io.BytesIO(data))

        add("PKG-INFO", _metadata(project).encode())
        for rel in _tree(HERE, PY_TREE):
            add(rel, _read(os.path.join(HERE, rel)))
        for rel in _tree(c_root, C_TREE):
            add(f"csrc/{rel}", _read(os.path.join(c_root, rel)))
    return os.path.basename(path)

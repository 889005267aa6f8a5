"""cmake --install and pip install: the package lands where the interpreter
looks, finds libbsp from there, and runs a program."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

from conftest import SOURCE_PACKAGE_PARENT

PROGRAM = ("import superstep as bsp\n"
           "def f():\n    bsp.sync()\n    return bsp.nprocs() * 10 + bsp.superstep()\n"
           "print(bsp.run(f, 2), bsp.__file__)\n")


def needs(variable):
    value = os.environ.get(variable)
    if not value:
        pytest.skip("%s is not set (CTest sets it)" % variable)
    return value


def run(command, env=None, timeout=120):
    r = subprocess.run([str(c) for c in command], capture_output=True, text=True,
                       timeout=timeout, env=env, cwd=os.path.dirname(os.path.abspath(__file__)))
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def clean_environment(**variables):
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "BSP_NPROCS", "PYTHONUNBUFFERED")}
    environment.update({k: str(v) for k, v in variables.items()})
    return environment


def install(prefix, destdir=None):
    """cmake --install of the build into prefix (or its own prefix under destdir)."""
    command = [needs("SUPERSTEP_CMAKE"), "--install", needs("SUPERSTEP_BUILD_DIR")]
    if prefix:
        command += ["--prefix", prefix]
    run(command, env=clean_environment(**({"DESTDIR": destdir} if destdir else {})))


def test_cmake_install_goes_where_the_builds_interpreter_looks(tmp_path):
    built_for = needs("SUPERSTEP_PYTHON_BUILT_FOR")
    prefix = needs("SUPERSTEP_INSTALL_PREFIX")
    install(None, destdir=tmp_path)
    found = glob.glob(str(tmp_path) + prefix + "/lib*/python3*/*-packages/superstep")
    assert len(found) == 1, found
    installed = os.path.dirname(found[0])[len(str(tmp_path)):]
    site_dirs = run([built_for, "-c", "import site, sysconfig\n"
                     "print('\\n'.join(site.getsitepackages() + [sysconfig.get_path('platlib')]))"
                     ]).split()
    under_prefix = [d for d in site_dirs if d.startswith(prefix.rstrip("/") + "/")]
    if under_prefix:  # the interpreter searches a folder under the prefix: that one
        assert installed == under_prefix[0]
    else:
        assert installed.endswith("/site-packages")
    out = run([sys.executable, "-c", PROGRAM],
              env=clean_environment(PYTHONPATH=os.path.dirname(found[0])))
    assert out.split() == ["21", os.path.join(found[0], "__init__.py")]


def test_pip_builds_against_an_installed_libbsp_into_a_venv(tmp_path):
    for module in ("venv", "pip", "setuptools", "wheel"):
        r = subprocess.run([sys.executable, "-c", "import " + module], capture_output=True)
        if r.returncode != 0:
            pytest.skip("%s cannot import %s (Debian: python3-venv, python3-pip, "
                        "python3-setuptools, python3-wheel)" % (sys.executable, module))
    prefix = tmp_path / "prefix"
    install(prefix)
    # A copy of python/, so that pip's in-tree build writes nothing into the repository.
    source = tmp_path / "source"
    shutil.copytree(SOURCE_PACKAGE_PARENT, source,
                    ignore=shutil.ignore_patterns("tests", "examples", "build", "*.egg-info",
                                                  "__pycache__"))
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    python = venv / "bin" / "python"
    env = clean_environment(SUPERSTEP_PREFIX=prefix, PIP_NO_INDEX="1",
                            SUPERSTEP_SOURCE_DIR=SOURCE_PACKAGE_PARENT.parent,
                            SUPERSTEP_CMAKE_ARGS=os.environ.get("SUPERSTEP_PIP_CMAKE_ARGS", ""))
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", source], env=env,
        timeout=1500)
    out = run([python, "-c", PROGRAM], env=clean_environment())
    value, location = out.split()
    assert value == "21"
    assert location.startswith(str(venv)), location

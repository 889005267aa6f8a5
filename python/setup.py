"""The build of pip install ./python (pyproject.toml): CMake builds the module
superstep._superstep for the interpreter running pip, from this repository.

By default the repository's libbsp is built too and put inside the package,
next to the module (with its engine plugins), so that the package needs
nothing installed beside it. With SUPERSTEP_PREFIX=<prefix> the module is
built against the libbsp installed under <prefix> (cmake --install) instead,
and finds it there. SUPERSTEP_CMAKE_ARGS adds arguments to CMake's
configuration (for instance a compiler launcher); CMAKE_BUILD_PARALLEL_LEVEL
sets the build's jobs; SUPERSTEP_SOURCE_DIR names the repository when this
folder is a copy outside it."""
import glob
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
# The repository: the folder above this one, or SUPERSTEP_SOURCE_DIR for a copy of this folder.
ROOT = pathlib.Path(os.environ.get("SUPERSTEP_SOURCE_DIR") or HERE.parent).resolve()


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        prefix = os.environ.get("SUPERSTEP_PREFIX", "")
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DPython3_EXECUTABLE=" + sys.executable,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DSUPERSTEP_BUILD_TESTS=OFF", "-DSUPERSTEP_BUILD_BENCH=OFF",
            "-DSUPERSTEP_MEASURE_PARAMS=OFF",
        ]
        if prefix:
            configure.append("-DSUPERSTEP_PYTHON_LIBBSP_PREFIX="
                             + str(pathlib.Path(prefix).resolve()))
        else:
            configure.append("-DSUPERSTEP_PYTHON_BUNDLE=ON")
        configure += shlex.split(os.environ.get("SUPERSTEP_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "superstep_python"],
                       check=True)
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        built = glob.glob(str(build / "python" / "superstep" / "_superstep*.so"))
        if len(built) != 1:
            sys.exit("setup.py: the build made %d modules _superstep*.so" % len(built))
        shutil.copyfile(built[0], target)
        if not prefix:
            # libbsp and its engine plugins under their sonames (libbsp.so.0, libbsp_udp.so.0):
            # the module finds libbsp beside itself, and libbsp its plugins.
            for library in sorted(glob.glob(str(build / "src" / "libbsp*.so.[0-9]"))):
                shutil.copyfile(os.path.realpath(library),
                                target.parent / os.path.basename(library))


setup(ext_modules=[Extension("superstep._superstep", sources=[])],
      cmdclass={"build_ext": CMakeBuild})

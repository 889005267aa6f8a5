"""import superstep needs only libbsp: NumPy is imported by the collectives on
arrays and numbers, and by nothing else; without NumPy they say what needs it."""
from conftest import run_code

# Makes `import numpy` fail in the program, as in an interpreter without NumPy.
NO_NUMPY = "import sys\nsys.modules['numpy'] = None\n"


def test_import_does_not_load_numpy():
    r = run_code("import sys, superstep\nprint('numpy' in sys.modules)\n")
    assert r.returncode == 0 and r.stdout == "False\n", r.stderr


def test_primitives_work_on_buffers_without_numpy():
    code = NO_NUMPY + (
        "import array, superstep as bsp\n"
        "def f():\n"
        "    p, s = bsp.nprocs(), bsp.pid()\n"
        "    slots = array.array('q', [0] * p)\n"
        "    bsp.push_reg(slots); bsp.sync()\n"
        "    bsp.put(0, array.array('q', [10 * s]), slots, s)\n"
        "    bsp.Send(0, None, bytes([s]))\n"
        "    bsp.sync()\n"
        "    if s == 0:\n"
        "        print(list(slots), sorted(bytes(m)[0] for _, m in bsp.messages()))\n"
        "bsp.run(f, 3)\n")
    r = run_code(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "[0, 10, 20] [0, 1, 2]\n"


def test_what_needs_numpy_says_so():
    code = NO_NUMPY + (
        "import superstep as bsp\n"
        "def f():\n"
        "    try:\n"
        "        bsp.Allreduce(1.5, max)\n"
        "    except ImportError as e:\n"
        "        print(e)\n"
        "bsp.run(f, 1)\n")
    r = run_code(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("superstep.Allreduce needs NumPy, which this interpreter (")
    assert "install it (Debian: python3-numpy; pip install numpy)" in r.stdout

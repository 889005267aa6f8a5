"""check_manual_matches_header.py HEADER MAN3: the manual says what the header declares.

bsp.h is the specification and man/man3 says the same at more length, so the two must not
drift: every function HEADER declares appears in the SYNOPSIS of its page (or of the page its
alias links to) with the same prototype, word for word once the roff fonts are taken off and
white space is made one space; and every SYNOPSIS prototype of a bsp_* function is one the
header declares. Prints PASS, or each difference and FAIL."""
import os
import re
import shlex
import sys


def normal(text):
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*([(),;*])\s*", r"\1", text)
    return text.replace(",", ", ").replace("(*", " (*")


def header_prototypes(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    found = {}
    for m in re.finditer(r"^(?:void|int|double) \*?(bsp_[a-z_]+)\(([^;]*?)\)[^;]*;", text, re.M):
        prototype = text[m.start():m.end()]
        prototype = re.sub(r"\)\s*SUPERSTEP_[A-Z_]+(\([^)]*\))?", ")", prototype)
        prototype = re.sub(r"\s*SUPERSTEP_[A-Z_]+(\([^)]*\))?\s*;", ";", prototype)
        found[m.group(1)] = normal(prototype)
    return found


def synopsis_prototypes(page):
    lines = open(page, encoding="utf-8").read().split("\n")
    text, inside = [], False
    for line in lines:
        if line.startswith(".SH"):
            inside = line.split(None, 1)[1:] == ["SYNOPSIS"]
            continue
        if not inside or not line.startswith((".B ", ".BI ", ".BR ", ".IB ", ".RB ", ".I ")):
            if inside and line and not line.startswith("."):
                text.append(line)
            continue
        words = shlex.split(line.split(None, 1)[1].replace("\\-", "-"))
        joined = "".join(words) if not line.startswith((".B ", ".I ")) else " ".join(words)
        text.append(joined)
    body = " ".join(t for t in text if not t.startswith("#include"))
    return {m.group(1): normal(m.group(0))
            for m in re.finditer(r"(?:void|int|double) \*?(bsp_[a-z_]+)\([^;]*\);", body)}


def main(header, man3):
    wanted = header_prototypes(header)
    bad = False
    shown = {}
    for name in sorted(os.listdir(man3)):
        page = os.path.join(man3, name)
        if name.startswith("bsp_") and name.endswith(".3") and not os.path.islink(page):
            for function, prototype in synopsis_prototypes(page).items():
                shown.setdefault(function, (name, prototype))
    for function, prototype in sorted(wanted.items()):
        if function not in shown:
            print(f"{header}: {function} is in no page's SYNOPSIS")
            bad = True
        elif shown[function][1] != prototype:
            print(f"man3/{shown[function][0]}: {shown[function][1]}\n  but the header: {prototype}")
            bad = True
    for function, (name, prototype) in sorted(shown.items()):
        if function not in wanted and not name.startswith("bsp_level1"):
            print(f"man3/{name}: {prototype} is not declared in {os.path.basename(header)}")
            bad = True
    print("FAIL" if bad else "PASS")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

"""SVG path data moved by (dx, dy): what render_label needs to fit a label's canvas to its glyphs."""

import re

_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _format(value: float) -> str:
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def translate(data: str, dx: float, dy: float) -> str:
    """`data` (SVG path data) with every absolute coordinate moved by (dx, dy); relative ones stay, and so
    does a leading "m"'s first pair only after it is moved (SVG reads it as absolute). Raises ValueError
    on data it cannot read (the library's own error message is better, so callers pass such data on)."""
    out = []
    i, n = 0, len(data)
    command = None
    first = True
    while i < n:
        c = data[i]
        if c in " \t\r\n,":
            i += 1
            continue
        if c.upper() in _ARGS:
            command = c
            out.append(c)
            i += 1
            if c.upper() == "Z":
                first = False
            continue
        if command is None or command.upper() == "Z":
            raise ValueError("path data: a number where a command was expected at %d" % i)
        upper = command.upper()
        values = []
        for k in range(_ARGS[upper]):
            while i < n and data[i] in " \t\r\n,":
                i += 1
            if upper == "A" and k in (3, 4):
                if i < n and data[i] in "01":
                    values.append(float(data[i]))
                    i += 1
                    continue
                raise ValueError("path data: an arc flag expected at %d" % i)
            m = _NUMBER.match(data, i)
            if not m:
                raise ValueError("path data: a number expected at %d" % i)
            values.append(float(m.group()))
            i = m.end()
        absolute = command.isupper() or (command == "m" and first)
        if absolute:
            if upper == "H":
                values[0] += dx
            elif upper == "V":
                values[0] += dy
            elif upper == "A":
                values[5] += dx
                values[6] += dy
            else:
                for k in range(0, len(values), 2):
                    values[k] += dx
                    values[k + 1] += dy
        out.append(" ".join(_format(v) for v in values))
        out.append(" ")
        first = False
        # After a moveto's first pair, further pairs are linetos of the same kind.
        if command == "M":
            command = "L"
        elif command == "m":
            command = "l"
    return "".join(out).strip()

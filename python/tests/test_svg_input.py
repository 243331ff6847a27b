"""SVG input through the Python door (issue #25): Engine.render takes an SVG document's text, as
`pathtext render drawing.svg` does; hostile documents are refused with a clear error."""
import pytest

import pathtext

DOC = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="200">
  <defs><path id="arc" d="M 20 180 Q 200 20 380 180"/></defs>
  <text font-size="32"><textPath xlink:href="#arc" startOffset="50%" text-anchor="middle">Hello SVG</textPath></text>
</svg>"""

XXE = """<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>"""


def test_render_takes_an_svg_document(engine):
    png = engine.render(DOC)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    svg = engine.render(DOC, format="svg").decode()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg.count("<path") >= 9  # one per glyph of "Hello SVG" (the space has none)


def test_external_entities_are_refused(engine):
    with pytest.raises(pathtext.Error) as e:
        engine.render(XXE)
    assert "entit" in str(e.value).lower()

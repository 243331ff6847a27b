"""Wrapped lines break where ICU says, in every script that needs ICU's data: the library Python loads
(in the wheel: its subset of ICU's data, scripts/wheel-icu-data) against the installed CLI (the system's
full ICU data), placement for placement. System fonts are off: the two processes may see different
Fontconfig configurations, and the embedded fonts alone make the widths, and so the lines, the same."""
import json

import pytest

CURVE = "M 20 200 C 120 40 280 360 380 200"

# One sentence each in the scripts ICU breaks with dictionaries (Thai, Lao, Khmer, Burmese), with its
# Japanese and Chinese tailorings (no break before 。 or small kana), and after spaces and hyphens.
SAMPLES = [
    ("th", "สวัสดีครับยินดีต้อนรับสู่ประเทศไทยวันนี้อากาศดีมาก"),
    ("lo", "ສະບາຍດີຍິນດີຕ້ອນຮັບສູ່ປະເທດລາວມື້ນີ້ອາກາດດີຫຼາຍ"),
    ("km", "ជំរាបសួរសូមស្វាគមន៍មកកាន់ប្រទេសកម្ពុជាថ្ងៃនេះអាកាសធាតុល្អណាស់"),
    ("my", "မင်္ဂလာပါမြန်မာနိုင်ငံမှကြိုဆိုပါတယ်ဒီနေ့ရာသီဥတုကောင်းပါတယ်"),
    ("ja", "今日は、ジュースを飲みました。ちょっと待ってください。"),
    ("zh", "你好，世界！欢迎来到中国。今天天气很好。"),
    ("de", "Donaudampfschifffahrts-Gesellschaft und Zeilen-umbruch, bitte."),
]


@pytest.mark.parametrize("lang, text", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_wrapped_lines_break_as_the_cli_breaks_them(engine, cli, lang, text):
    request = {"text": text, "lang": lang, "path": CURVE, "size": 40, "overflow": "wrap", "maxLines": 4, "systemFonts": False}
    ours = engine.layout(text=text, lang=lang, path=CURVE, size=40, overflow="wrap", max_lines=4, system_fonts=False)
    r = cli("layout", "--batch", stdin=(json.dumps(request, ensure_ascii=False) + "\n").encode())
    assert r.returncode == 0, r.stderr.decode()
    theirs = json.loads(r.stdout)
    assert ours == theirs
    label = ours["labels"][0]
    # Wrapped onto more than one line, so the break positions decided the placements compared above.
    assert len({g["line"] for g in label["glyphs"]}) > 1, label.get("lines")

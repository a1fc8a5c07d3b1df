"""Damaged saved data set aside: kept under a key of its own and offered for download, so that the
repair (a panel starting from its defaults, a roster without its bad entry) never destroys it.

>>> record = aside_record("gm.panel.roller", '{"v": 1, "state": ', "2026-12-01T10:00:00")
>>> aside_key("gm.panel.roller", "2026-12-01T10:00:00")
'gm.aside.gm.panel.roller.2026-12-01T10:00:00'
>>> import json
>>> json.loads(record)["text"]
'{"v": 1, "state": '
>>> json.loads(download_text({"gm.panel.roller": "{oops"}))["set_aside"]
{'gm.panel.roller': '{oops'}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from kit.msg import Msg

__all__ = ["DOWNLOAD", "STARTED_AFRESH", "FILE_NAME", "PREFIX", "aside_key", "aside_record", "download_text"]

PREFIX = "gm.aside."
FILE_NAME = "gm-dice-set-aside.json"
STARTED_AFRESH = Msg(
    "kit.aside.afresh",
    "Панель не запустилась с сохранёнными данными и открыта с начальными значениями; прежние данные отложены.",
    "The panel could not start from its saved data and opened with its defaults; the old data is set aside.",
)
DOWNLOAD = Msg("kit.aside.download", "Скачать отложенные данные", "Download the data set aside")


def aside_key(key: str, when: str) -> str:
    """The key the damaged record of ``key`` is kept under (``when``: an ISO time, so a later
    damage never overwrites an earlier one)."""
    return f"{PREFIX}{key}.{when}"


def aside_record(key: str, raw: Any, when: str) -> str:
    """The record that keeps ``raw`` (any text, however damaged) as sound JSON."""
    return json.dumps({"v": 1, "aside_of": key, "time": when, "text": str(raw)})


def download_text(raws: Mapping[str, Any]) -> str:
    """The file offered for download: each damaged text by the key it was found under."""
    return json.dumps(
        {"app": "gm-dice", "set_aside": {key: str(raw) for key, raw in raws.items()}}, indent=1
    )  # ASCII: a damaged text may hold lone surrogates, which UTF-8 cannot carry

"""PyScript's page globals (the browser's own objects: untyped by nature)."""

from typing import Any

document: Any
window: Any

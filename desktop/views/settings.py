"""Settings: provider preset, base URL, model, API key (OS keyring), language, theme, data."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.engine_port import EnginePort
from desktop.preferences import Preferences, load_api_key, store_api_key
from desktop.rich_text import tooltip

COLUMN_MAX_PX = 760


class SettingsView(QWidget):
    """Signals: theme_changed(str), language_changed(str), status_message(str)."""

    theme_changed = Signal(str)
    language_changed = Signal(str)
    status_message = Signal(str)

    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from engine import PROVIDER_PRESETS as PRESETS

        self._prefs = prefs
        self._presets = PRESETS
        self.provider = QComboBox()
        self.provider.addItem(self.tr("Offline (no model)"), "offline")
        for name, preset in PRESETS.items():
            self.provider.addItem(preset.label, name)
        self.provider.addItem(self.tr("Other OpenAI-compatible"), "openai-compatible")
        self.base_url = QLineEdit()
        self.model = QLineEdit()
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_note = QLabel()
        self.key_note.setObjectName("hint")
        self.key_note.setWordWrap(True)
        self.save = QPushButton(self.tr("Save"))
        self.save.setObjectName("primary")
        model_box = QGroupBox(self.tr("Model"))
        form = QFormLayout(model_box)
        form.addRow(self.tr("Provider"), self.provider)
        form.addRow(self.tr("Base URL"), self.base_url)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("API key"), self.api_key)
        form.addRow("", self.key_note)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        save_row.addWidget(self.save)
        form.addRow("", save_row)
        self.language = QComboBox()
        for value, label in (
            ("system", self.tr("Follow the system")),
            ("zh_CN", "简体中文"),
            ("en", "English"),
        ):
            self.language.addItem(label, value)
        self.theme = QComboBox()
        for value, label in (
            ("system", self.tr("Follow the system")),
            ("light", self.tr("Light")),
            ("dark", self.tr("Dark")),
        ):
            self.theme.addItem(label, value)
        look = QGroupBox(self.tr("Appearance"))
        look_form = QFormLayout(look)
        look_form.addRow(self.tr("Language"), self.language)
        look_form.addRow(self.tr("Theme"), self.theme)
        data = QGroupBox(self.tr("Data"))
        data_form = QFormLayout(data)
        self.folder = QLabel(str(EnginePort.data_folder()))
        self.folder.setTextInteractionFlags(
            self.folder.textInteractionFlags().TextSelectableByMouse
        )
        source = self.tr("(LVTU_HOME)") if os.environ.get("LVTU_HOME") else self.tr("(default)")
        data_form.addRow(self.tr("Data folder"), self.folder)
        data_form.addRow("", QLabel(source))
        self.packs = QListWidget()
        self.packs.setMaximumHeight(96)
        for pack in EnginePort.data_packs():
            item = QListWidgetItem(f"{pack.title} — {pack.licence}" if pack.licence else pack.title)
            item.setToolTip(tooltip(pack.attribution or pack.name))
            self.packs.addItem(item)
        if not self.packs.count():
            self.packs.addItem(self.tr("none"))
        data_form.addRow(self.tr("Data packs"), self.packs)
        column = QWidget(self)  # a readable width, not the whole window's
        column.setMaximumWidth(COLUMN_MAX_PX)
        column.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        inner = QVBoxLayout(column)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(model_box)
        inner.addWidget(look)
        inner.addWidget(data)
        layout = QVBoxLayout(self)
        layout.addWidget(column, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._load()
        self.provider.currentIndexChanged.connect(self._preset_chosen)
        self.save.clicked.connect(self.save_model_settings)
        self.language.currentIndexChanged.connect(self._language)
        self.theme.currentIndexChanged.connect(self._theme)

    def _load(self) -> None:
        self._select(self.provider, self._prefs.get("provider"))
        self.base_url.setText(self._prefs.get("base_url"))
        self.model.setText(self._prefs.get("model"))
        self.api_key.setText(load_api_key(self._prefs.get("provider")))
        self._select(self.language, self._prefs.get("language"))
        self._select(self.theme, self._prefs.get("theme"))
        self._preset_chosen()

    @staticmethod
    def _select(box: QComboBox, value: str) -> None:
        index = box.findData(value)
        box.setCurrentIndex(max(index, 0))

    def _preset_chosen(self) -> None:
        name = self.provider.currentData()
        preset = self._presets.get(name)
        offline = name == "offline"
        for widget in (self.base_url, self.model, self.api_key):
            widget.setEnabled(not offline)
        if preset is not None:
            self.base_url.setPlaceholderText(preset.base_url)
            self.model.setPlaceholderText(preset.default_model or "")
            self.api_key.setPlaceholderText("" if preset.needs_key else self.tr("not needed"))
        self.key_note.setText(
            self.tr("Works fully offline; no model is used.")
            if offline
            else self.tr("The API key is stored in the system keyring.")
        )

    def save_model_settings(self) -> None:
        name = str(self.provider.currentData())
        self._prefs.set("provider", name)
        self._prefs.set("base_url", self.base_url.text().strip())
        self._prefs.set("model", self.model.text().strip())
        kept = store_api_key(name, self.api_key.text().strip())
        if kept:
            self.key_note.setText(self.tr("The API key is stored in the system keyring."))
        else:
            self.key_note.setText(
                self.tr(
                    "No system keyring is available: the API key is kept only for this session."
                )
            )
        apply_provider_environment(self._prefs)
        self.status_message.emit(self.tr("Settings saved"))

    def _language(self) -> None:
        value = str(self.language.currentData())
        self._prefs.set("language", value)
        self.language_changed.emit(value)

    def _theme(self) -> None:
        value = str(self.theme.currentData())
        self._prefs.set("theme", value)
        self.theme_changed.emit(value)


def apply_provider_environment(prefs: Preferences) -> None:
    """Expose the chosen provider to the engine: `build_from_environment` reads ``LVTU_*`` when
    each job makes its Agent, so the next job uses it (no restart). The API key goes from the
    keyring to this process's environment only — never to a file, the database or a log."""
    name = prefs.get("provider")
    os.environ["LVTU_PROVIDER"] = name
    offline = name == "offline"  # no endpoint: nothing of a model provider's settings applies
    for key, env in (("base_url", "LVTU_BASE_URL"), ("model", "LVTU_MODEL")):
        if prefs.get(key) and not offline:
            os.environ[env] = prefs.get(key)
        else:
            os.environ.pop(env, None)
    api_key = "" if offline else load_api_key(name)
    if api_key:
        os.environ["LVTU_API_KEY"] = api_key
    else:
        os.environ.pop("LVTU_API_KEY", None)

"""Help → About: the version, the licences of bundled components and of imported data packs."""

from __future__ import annotations

import html
import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QUrl, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from desktop.licenses import Component, DataPack, bundled_components, data_packs, licenses_dir
from engine import __version__


class AboutDialog(QDialog):
    """Version, runtime, components with their licences (links open the bundled texts) and
    data packs with their attribution. Open it with `open()` (never `exec()`: DESIGN.md).

    Attributes:
        components: what the dialog lists, Python first.
        packs: the imported data packs listed.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About Lvtu"))
        self.resize(640, 560)
        self.components: list[Component] = bundled_components()
        self.packs: list[DataPack] = data_packs()
        title = self.tr("Lvtu 旅途")
        tagline = self.tr("An offline-first trip planner.")
        header = QLabel(
            f"<h2>{title} {html.escape(__version__)}</h2><p>{tagline}</p>"
            f"<p>Python {platform.python_version()} · Qt {qVersion()} · PySide6 {pyside_version}</p>"
        )
        header.setObjectName("aboutHeader")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(licenses_dir())])
        self.browser.setHtml(self.body_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(header)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)

    def body_html(self) -> str:
        """The two lists as HTML: licence files link into ``resources/licenses``."""
        rows = []
        for c in self.components:
            name = html.escape(c.name)
            if c.url:
                name = f'<a href="{html.escape(c.url)}">{name}</a>'
            files = " ".join(
                f'<a href="{QUrl.fromLocalFile(str(licenses_dir() / f)).toString()}">'
                f"{html.escape(f.rsplit('/', 1)[-1])}</a>"
                for f in c.files
            )
            rows.append(
                f"<tr><td>{name}</td><td>{html.escape(c.version)}</td>"
                f"<td>{html.escape(c.license)}</td><td>{files}</td></tr>"
            )
        none = self.tr("No data packs imported.")
        packs = "".join(
            f"<li><b>{html.escape(p.name)}</b> — {html.escape(p.licence)}"
            f"<br/>{html.escape(p.attribution)}</li>"
            for p in self.packs
        )
        bundled = self.tr("Bundled components")
        component = self.tr("Component")
        version = self.tr("Version")
        licence = self.tr("Licence")
        data_packs = self.tr("Data packs")
        qt_note = self.tr("Qt is used under the GNU LGPL version 3.")
        head = "".join(f"<th align='left'>{h}</th>" for h in (component, version, licence, ""))
        return (
            f"<h3>{bundled}</h3><table cellspacing='0' cellpadding='3'><tr>{head}</tr>"
            f"{''.join(rows)}</table><h3>{data_packs}</h3><ul>{packs or f'<li>{none}</li>'}</ul>"
            f"<p>{qt_note}</p>"
        )

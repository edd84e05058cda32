"""The Qt desktop application (PySide6 on qasync)."""

"""Azurite (blob only), installed with npm into .tools/ by `make install`."""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .ports import pick_port, port_open, wait_for_port
from .processes import forget_pid, record_pid, stop_process

# Azurite's documented well-known development account (public, not a secret).
DEV_ACCOUNT = "devstoreaccount1"
DEV_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="


def find_azurite() -> str | None:
    repo_root = Path(__file__).resolve().parents[4]
    local = repo_root / ".tools" / "node_modules" / ".bin" / "azurite-blob"
    if local.exists():
        return str(local)
    return shutil.which("azurite-blob")


@dataclass
class AzuriteBlob:
    data_dir: Path
    port: int = 0
    preferred_port: int = 0  # taken when free and no port is recorded yet (make run: the README's ports)
    proc: subprocess.Popen | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir).resolve()
        port_file = self.data_dir / "port"
        if not self.port:
            self.port = int(port_file.read_text()) if port_file.exists() else pick_port(self.preferred_port)

    @property
    def connection_string(self) -> str:
        return (
            f"DefaultEndpointsProtocol=http;AccountName={DEV_ACCOUNT};AccountKey={DEV_KEY};"
            f"BlobEndpoint=http://127.0.0.1:{self.port}/{DEV_ACCOUNT};"
        )

    def start(self) -> "AzuriteBlob":
        exe = find_azurite()
        if exe is None:
            raise RuntimeError("azurite is not installed: run `make install` (npm install azurite into .tools/)")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "port").write_text(str(self.port))
        if port_open(self.port):
            return self
        self.proc = subprocess.Popen(
            [exe, "--blobHost", "127.0.0.1", "--blobPort", str(self.port), "--location", str(self.data_dir),
             "--skipApiVersionCheck", "--disableTelemetry", "--silent", "--loose"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        record_pid(self.data_dir, self.proc)
        wait_for_port(self.port, timeout=60)
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
            forget_pid(self.data_dir)

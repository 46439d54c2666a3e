"""TLS through libmicrohttpd: HTTPS answers, HSTS, and `__Host-` Secure cookies."""

import shutil
import ssl
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import support


def test_tls_serves_hsts_and_host_prefixed_secure_cookies():
    folder = Path(tempfile.mkdtemp(prefix="recover-tls-"))
    try:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / "key.pem"),
             "-out", str(folder / "cert.pem"), "-days", "2", "-subj", "/CN=127.0.0.1"],
            check=True, capture_output=True, timeout=60)
        server = support.start_server(
            ["--tls-cert", str(folder / "cert.pem"), "--tls-key", str(folder / "key.pem")])
        try:
            assert server.base_url.startswith("https://")
            context = ssl.create_default_context(cafile=str(folder / "cert.pem"))
            context.check_hostname = False
            with urllib.request.urlopen(server.url("/sign-in"), context=context, timeout=10) as response:
                assert response.status == 200
                assert response.headers["Strict-Transport-Security"].startswith("max-age=")
                cookies = response.headers.get_all("Set-Cookie")
                assert any(c.startswith("__Host-recover_csrf=") and "; Secure" in c for c in cookies)
        finally:
            assert server.stop() == 0
            shutil.rmtree(server.data_dir, ignore_errors=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

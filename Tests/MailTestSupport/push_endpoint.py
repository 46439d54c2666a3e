"""A local Web Push service for the tests: receives RFC 8030 POSTs, verifies the VAPID JWT (RFC 8292) with the
`cryptography` package and decrypts the body with `http_ece` (RFC 8188/8291), an implementation independent of
Recover's. Run as `python push_endpoint.py PORT FOLDER`.

At start it makes a subscriber key pair and auth secret and writes `subscriber.json` (`p256dh`, `auth`,
base64url) to FOLDER. Each POST is written as `NNNN.json`: path, headers, the decrypted payload, the JWT's
claims, or `error` when it could not be verified or decrypted. Paths under `/gone/` answer 410, under `/busy/`
503, under `/slow-down/` 429, under `/refuse/` 403, others 201 (400 or 401 when the message cannot be decrypted
or its VAPID does not verify).
"""
import base64
import http.server
import itertools
import json
import os
import sys
import threading
import time

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


PORT = int(sys.argv[1])
FOLDER = sys.argv[2]
PRIVATE = ec.generate_private_key(ec.SECP256R1())
AUTH = os.urandom(16)
COUNTER = itertools.count(1)
LOCK = threading.Lock()


def verify_vapid(header, origin):
    """The JWT's claims when `Authorization: vapid t=..., k=...` verifies for `origin`; raises otherwise."""
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "vapid":
        raise ValueError("not vapid")
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    token, key = fields["t"], fields["k"]
    signing_input, _, signature = token.rpartition(".")
    head, _, body = signing_input.partition(".")
    if json.loads(b64decode(head)) != {"typ": "JWT", "alg": "ES256"}:
        raise ValueError("header")
    raw = b64decode(signature)
    if len(raw) != 64:
        raise ValueError("signature length")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64decode(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, signing_input.encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(b64decode(body))
    now = time.time()
    if claims["aud"] != origin:
        raise ValueError("aud")
    if not now < claims["exp"] <= now + 24 * 3600:
        raise ValueError("exp")
    if not (claims["sub"].startswith("mailto:") or claims["sub"].startswith("https:")):
        raise ValueError("sub")
    return claims


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        record = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "length": length}
        status = 201
        try:
            record["claims"] = verify_vapid(self.headers.get("Authorization", ""), f"http://127.0.0.1:{PORT}")
        except (ValueError, KeyError, InvalidSignature) as error:
            record["error"] = f"vapid: {type(error).__name__} {error}"
            status = 401
        if status == 201:
            try:
                plain = http_ece.decrypt(body, private_key=PRIVATE, auth_secret=AUTH, version="aes128gcm")
                record["payload"] = plain.decode()
            except Exception as error:  # noqa: BLE001 - any failure to decrypt is the finding
                record["error"] = f"decrypt: {type(error).__name__}"
                status = 400
        for prefix, answer in (("/gone/", 410), ("/busy/", 503), ("/slow-down/", 429), ("/refuse/", 403)):
            if self.path.startswith(prefix):
                status = answer
        record["status"] = status
        with LOCK:
            name = os.path.join(FOLDER, f"{next(COUNTER):04d}.json")
            with open(name + ".part", "w") as file:
                json.dump(record, file)
            os.rename(name + ".part", name)
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


point = PRIVATE.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
with open(os.path.join(FOLDER, "subscriber.json"), "w") as file:
    json.dump({"p256dh": b64encode(point), "auth": b64encode(AUTH)}, file)
http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()

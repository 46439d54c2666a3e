"""An aiosmtpd handler for Recover's mail tests: each accepted message becomes <n>.eml (the bytes as received)
and <n>.json (the envelope) in a folder; a recipient at refused.test is refused with 550.

    python -m aiosmtpd -n -l 127.0.0.1:PORT -c smtp_capture.Capture FOLDER   (with this folder on PYTHONPATH)

aiosmtpd's command line cannot ask for AUTH; for that this file runs the same handler itself:

    python smtp_capture.py PORT FOLDER USER PASSWORD   (AUTH PLAIN/LOGIN required, without TLS: loopback only)
"""
import itertools
import json
import os


class Capture:
    def __init__(self, folder):
        self.folder = folder
        self.numbers = itertools.count(1)

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 1:
            parser.error("smtp_capture.Capture takes one argument: the folder for the messages")
        return cls(args[0])

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().endswith("@refused.test"):
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        number = next(self.numbers)
        base = os.path.join(self.folder, f"{number:06d}")
        with open(base + ".tmp", "wb") as raw:
            raw.write(envelope.original_content)
        with open(base + ".json", "w") as meta:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, meta)
        os.rename(base + ".tmp", base + ".eml")
        return "250 2.0.0 Message accepted"


def main(port, folder, user, password):
    import time
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    def authenticator(server, session, envelope, mechanism, auth_data):
        good = auth_data.login == user.encode() and auth_data.password == password.encode()
        return AuthResult(success=good, handled=False)  # aiosmtpd then answers 235 or 535 itself

    controller = Controller(Capture(folder), hostname="127.0.0.1", port=int(port), authenticator=authenticator,
                            auth_required=True, auth_require_tls=False)
    controller.start()
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 5:
        sys.exit("usage: smtp_capture.py PORT FOLDER USER PASSWORD")
    main(*sys.argv[1:])

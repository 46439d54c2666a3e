"""The standalone receipt verification page (/verify-receipt): a receipt built to docs/consent.md's format and
signed with Ed25519 checks as valid, one changed byte or another key does not; the page also works saved to
disk (file://), and in Chinese. Screenshots at 360 px in both languages."""

import base64
import hashlib
import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from selenium.webdriver.common.by import By

import support
from support import ARTIFACTS, check_page, http, large_text, start_driver, start_server


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def make_receipt(key: Ed25519PrivateKey) -> bytes:
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    key_id = hashlib.sha256(public).hexdigest()[:16]
    fields = [
        {"name": "participant", "text": "p-ada"}, {"name": "document", "sha256": sha("<h1>Consent</h1>")},
        {"name": "document hash", "text": sha("<h1>Consent</h1>")}, {"name": "document version", "text": "1.0"},
        {"name": "language", "text": "zh-Hans"}, {"name": "printed name", "text": "李雷"},
        {"name": "signature strokes", "sha256": sha("[]")}, {"name": "signature image", "sha256": sha("png")},
        {"name": "signed at", "text": "2027-01-15T08:00:00.000Z"}, {"name": "UTC offset", "text": "+08:00"},
        {"name": "time zone", "text": "Asia/Shanghai"}, {"name": "signature meaning", "text": "我同意参加。"},
    ]
    binding = sha("binding")
    lines = ["recover-consent-signature-v1", "record\tc-ada", f"key\t{key_id}", f"binding_hash\t{binding}"]
    lines += [f"{f['name']}\t{f['sha256'] if 'sha256' in f else sha(f['text'])}" for f in fields]
    signed = "\n".join(lines) + "\n"
    head = sha("head")
    checkpoint_text = (f"recover-audit-checkpoint-v1\nentries\t42\nhead_hash\t{head}\n"
                       f"created_at\t2027-01-15T08:00:00.012Z\nkey\t{key_id}\n")
    receipt = {
        "format": "recover-consent-receipt-v1", "record": "c-ada", "key_id": key_id, "binding_hash": binding,
        "fields": fields, "server_signature": base64.b64encode(key.sign(signed.encode())).decode(),
        "public_key": base64.b64encode(public).decode(),
        "checkpoint": {
            "format": "recover-audit-checkpoint-v1", "entries": 42, "head_hash": head,
            "created_at": "2027-01-15T08:00:00.012Z", "key_id": key_id,
            "signature": base64.b64encode(key.sign(checkpoint_text.encode())).decode(),
        },
    }
    return json.dumps(receipt, ensure_ascii=False, indent=1).encode()


@pytest.fixture(scope="module")
def server():
    running = start_server()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("receipts")
    key = Ed25519PrivateKey.generate()
    good = make_receipt(key)
    (folder / "good.json").write_bytes(good)
    changed = bytearray(good)
    at = good.index("李雷".encode())
    changed[at + 2] ^= 0x01  # one byte of the printed name
    (folder / "changed.json").write_bytes(bytes(changed))
    public = base64.b64encode(key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)).decode()
    return folder, public


def check(driver, receipt, key) -> str:
    driver.find_element(By.ID, "receipt").send_keys(str(receipt))
    field = driver.find_element(By.ID, "key")
    field.clear()
    field.send_keys(key)
    driver.find_element(By.ID, "check").click()
    support.wait(driver, 10).until(lambda d: d.find_element(By.ID, "result").get_attribute("class"))
    return driver.find_element(By.ID, "result").text


def test_the_page_is_served_with_a_policy_that_allows_only_itself(server):
    status, headers, body = http("GET", server.url("/verify-receipt"))
    assert status == 200 and "recover-consent-signature-v1" in body
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'sha256-" in policy and "connect-src" not in policy


def test_a_valid_receipt_passes_and_one_changed_byte_or_another_key_fails(server, files):
    folder, public = files
    driver = start_driver()
    try:
        driver.get(server.url("/verify-receipt?lang=en"))
        check_page(driver, "verify-receipt-en")
        text = check(driver, folder / "good.json", public)
        assert text.startswith("Valid: the receipt is signed by this key and unchanged.")
        assert "李雷" in text and "42 entries" in text
        check_page(driver, "verify-receipt-en-valid")
        large_text(driver)
        check_page(driver, "verify-receipt-en-valid-large-text")
        driver.get(server.url("/verify-receipt?lang=en"))
        text = check(driver, folder / "changed.json", public)
        assert text.startswith("Not valid") and "server signature does not match" in text
        check_page(driver, "verify-receipt-en-invalid")
        driver.get(server.url("/verify-receipt?lang=en"))
        other = base64.b64encode(bytes(32)).decode()
        text = check(driver, folder / "good.json", other)
        assert text.startswith("Not valid") and "another public key" in text
    finally:
        driver.quit()


def test_the_page_works_in_chinese_and_saved_to_disk(server, files):
    folder, public = files
    _, _, body = http("GET", server.url("/verify-receipt"))
    saved = folder / "verify-receipt.html"
    saved.write_text(body, encoding="utf-8")
    driver = start_driver()
    try:
        driver.get(server.url("/verify-receipt?lang=zh-Hans"))
        assert driver.find_element(By.TAG_NAME, "h1").text == "核验知情同意回执"
        check_page(driver, "verify-receipt-zh")
        text = check(driver, folder / "changed.json", public)
        assert text.startswith("无效")
        check_page(driver, "verify-receipt-zh-invalid")
        driver.get(saved.as_uri() + "?lang=zh-Hans")
        text = check(driver, folder / "good.json", public)
        assert text.startswith("有效")
        check_page(driver, "verify-receipt-zh-valid")
        large_text(driver)
        check_page(driver, "verify-receipt-zh-valid-large-text")
    finally:
        driver.quit()

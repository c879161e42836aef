"""`drawdoc serve`'s network side, over TLS on the loopback alias 127.0.0.2, with only
Python's standard library, every request verified against drawdoc's own certificate
authority (downloaded and checked against the printed fingerprint first):

- the certificate presented covers 127.0.0.2 and leads to the authority kept in the store;
  a client that trusts only the system's authorities, or expects another name, refuses it;
- pairing with the printed code works once (a reused code 410, an unknown one 403), a code
  made by `drawdoc devices pair` that expired gets 410, and wrong codes get 429 with
  Retry-After past the bound;
- a device may use the API but manage devices, links, pairing or syncs (403);
- a view link reads its drawing (200) and every change route answers 403, and nothing
  changed; an edit link edits its drawing but no other; neither reads another drawing, and
  a link's event stream hears of its drawing only;
- `drawdoc devices revoke` ends the device's open event stream within 1 s (the figure is
  printed) and its next request gets 401; the same for `drawdoc share --revoke`;
- the owner's loopback token opens nothing on TLS (401); a wrong Host gets 403; plain HTTP to
  the TLS port gets 400 with a text that says to use https://.

Run: python3 -m pytest Tests/browser/lan_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytest  # noqa: E402
from lan_server import LAN_ADDRESS, Failure, LanServer, plain_http_answer, wait  # noqa: E402


def expect(what, condition, detail=""):
    if not condition:
        raise Failure(f"{what}{': ' + str(detail) if detail else ''}")


def expect_status(lan, expected, method, path, token, body=None, headers=None):
    status, fields, data = lan.request(method, path, token, body, headers)
    expect(f"{method} {path} answers {expected}", status == expected,
           f"it answered {status}: {data[:200]!r}")
    return fields, data


def check_certificate(lan):
    """The certificate presented covers 127.0.0.2 and is the store's authority's."""
    with socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=10) as raw:
        with lan.context.wrap_socket(raw, server_hostname=LAN_ADDRESS) as tls:
            presented = tls.getpeercert()
            names = presented.get("subjectAltName", ())
            server_der = tls.getpeercert(binary_form=True)
    expect("the server's certificate names 127.0.0.2", ("IP Address", LAN_ADDRESS) in names,
           names)
    # Apple's systems refuse a server certificate valid for more than 398 days.
    days = (ssl.cert_time_to_seconds(presented["notAfter"])
            - ssl.cert_time_to_seconds(presented["notBefore"])) / 86400
    expect("the server's certificate is valid for 398 days at most", days <= 398, days)
    stored = ssl.PEM_cert_to_DER_cert(open(os.path.join(lan.store, "tls",
                                                        "authority.crt")).read())
    expect("the downloaded authority is the one in the store", stored == lan.authority_der)
    # A client that trusts only the system's authorities refuses the certificate...
    system = ssl.create_default_context()
    try:
        with socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=10) as raw:
            system.wrap_socket(raw, server_hostname=LAN_ADDRESS).close()
        raise Failure("a client without drawdoc's authority accepted its certificate")
    except ssl.SSLCertVerificationError:
        pass
    # ... and one that trusts the authority but expects another name refuses it too.
    try:
        with socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=10) as raw:
            lan.context.wrap_socket(raw, server_hostname="example.com").close()
        raise Failure("the certificate was accepted for example.com")
    except ssl.SSLCertVerificationError:
        pass
    # An independent check of the chain: openssl verify, when openssl is there.
    if shutil.which("openssl"):
        server_pem = os.path.join(lan.folder, "server.pem")
        with open(server_pem, "w") as file:
            file.write(ssl.DER_cert_to_PEM_cert(server_der))
        result = subprocess.run(["openssl", "verify", "-CAfile", lan.authority_pem,
                                 "-verify_ip", LAN_ADDRESS, server_pem],
                                capture_output=True, text=True, timeout=30)
        expect("openssl verify accepts the server's certificate for 127.0.0.2",
               result.returncode == 0, result.stdout + result.stderr)
    print("  certificate: covers 127.0.0.2, chain to the store's authority verified")


def check_plain_http(lan):
    """Plain HTTP to the TLS port: 400, and a text that says to use https://."""
    text = plain_http_answer(lan)
    expect("plain HTTP to the TLS port answers 400", text.startswith("HTTP/1.1 400"), text[:300])
    expect("the refusal says to use https://", "https://" in text.split("\r\n\r\n", 1)[-1],
           text[:500])


def pairing_code(lan, *options):
    """A new code from `drawdoc devices pair OPTIONS`."""
    printed = lan.run("devices", "pair", *options).stdout
    match = re.search(r"Pairing code: ([A-Z2-9]{4}-[A-Z2-9]{4})", printed)
    expect("drawdoc devices pair prints a code", match, printed)
    return match.group(1)


def stored_expiry(lan, code):
    """When the store says `code` expires (its record found by the code's SHA-256)."""
    import hashlib
    records = json.load(open(os.path.join(lan.store, "access", "pairing-codes.json")))
    # The store hashes a code as it reads it: capitals, without the dash.
    digest = hashlib.sha256(code.replace("-", "").encode()).hexdigest()
    for record in records["pairingCodes"]:
        if record["codeHash"] == digest:
            return datetime.strptime(record["expires"], "%Y-%m-%dT%H:%M:%SZ").replace(
                tzinfo=timezone.utc).timestamp()
    raise Failure(f"no record of code {code} in pairing-codes.json: {records}")


def link_token(lan, *arguments):
    """(id, token) of a link made by `drawdoc share ARGUMENTS`."""
    printed = lan.run("share", *arguments).stdout
    token = re.search(rf"https://{re.escape(LAN_ADDRESS)}:{lan.tls_port}/drawings/[\w-]+"
                      r"#link=([0-9a-f]{32})", printed)
    identifier = re.search(r"Link (\w+) ", printed)
    expect("drawdoc share prints its link to this listener", token and identifier, printed)
    return identifier.group(1), token.group(1)


def change_routes(drawing, rectangle, version, other):
    """Every route that changes the store, each with a body it would accept."""
    path = f"/api/drawings/{drawing}"
    return [
        ("POST", "/api/drawings", {"title": "new"}),
        ("DELETE", path, None),
        ("POST", f"{path}/rename", {"version": version, "title": "renamed"}),
        ("POST", f"{path}/duplicate", {"title": "copy"}),
        ("POST", f"{path}/undo", {"version": version}),
        ("POST", f"{path}/redo", {"version": version}),
        ("POST", f"{path}/restore", {"version": 1}),
        ("POST", f"{path}/edits", {"edits": [{"shift": rectangle, "by": {"x": 1}}]}),
        ("POST", "/api/import", {"svg": "<svg xmlns='http://www.w3.org/2000/svg'/>"}),
        ("GET", "/api/sync", None),
        ("POST", "/api/sync", None),
        ("POST", f"/api/trash/{other}/restore", None),
        ("GET", "/api/devices", None),
        ("POST", "/api/pairing", None),
        ("DELETE", "/api/devices/iPad", None),
        ("DELETE", "/api/links/abcdefgh", None),
    ]


def read_routes(drawing):
    path = f"/api/drawings/{drawing}"
    return [f"{path}", f"{path}/changes?since=1", f"{path}/svg", f"{path}/thumbnail",
            f"{path}/export?format=svg", f"{path}/export?format=png", f"{path}/history",
            f"{path}/versions/1"]


def check_links(lan):
    plan = lan.new_drawing("Plan", "--random", "3")
    other = lan.new_drawing("Other", "--random", "2")
    trashed = lan.new_drawing("Trashed")
    lan.run("delete", trashed)
    state = lan.json("GET", f"/api/drawings/{plan}", lan.owner_device)
    rectangle = state["drawing"]["rectangles"][0]["id"]
    version = state["version"]

    _, view = link_token(lan, plan, "--view")
    view_stream = lan.events(view)  # from the start: it would replay every drawing's events
    expect("a view link's event stream opens", view_stream.status == 200, view_stream.status)
    for path in read_routes(plan):
        expect_status(lan, 200, "GET", path, view)
    for path in read_routes(other) + ["/api/drawings"]:
        expect_status(lan, 403, "GET", path, view)
    refused = change_routes(plan, rectangle, version, trashed)
    for method, path, body in refused:
        expect_status(lan, 403, method, path, view, body)
    after = lan.json("GET", f"/api/drawings/{plan}", lan.owner_device)
    expect("the refused changes of a view link changed nothing",
           after["version"] == version and after["svg"] == state["svg"])
    expect("the trashed drawing is still in the trash", any(
        entry.get("id") == trashed for entry in
        lan.json("GET", "/api/drawings", lan.owner_device)["trash"]))
    print(f"  view link: {len(read_routes(plan))} reads 200, {len(refused)} changes 403, "
          "other drawings 403")

    _, edit = link_token(lan, plan)
    answer = lan.json("POST", f"/api/drawings/{plan}/edits", edit,
                      {"edits": [{"shift": rectangle, "by": {"x": 1}}]})
    expect("an edit link's edit makes a new version", answer["version"] == version + 1, answer)
    other_state = lan.json("GET", f"/api/drawings/{other}", lan.owner_device)
    other_rectangle = other_state["drawing"]["rectangles"][0]["id"]
    expect_status(lan, 403, "POST", f"/api/drawings/{other}/edits", edit,
                  {"edits": [{"shift": other_rectangle, "by": {"x": 1}}]})
    expect_status(lan, 403, "GET", f"/api/drawings/{other}", edit)
    expect_status(lan, 403, "DELETE", f"/api/drawings/{plan}", edit)
    expect("the other drawing was not edited", lan.json(
        "GET", f"/api/drawings/{other}", lan.owner_device)["version"] == other_state["version"])
    edited = f'"id": "{plan}", "version": {version + 1}'.encode()
    wait("the view link's stream to hear the edit link's edit",
         lambda: edited in view_stream.received, 5, 0.01)
    view_stream.close()
    expect("a link's stream hears of its drawing only",
           other.encode() not in view_stream.received and
           trashed.encode() not in view_stream.received, bytes(view_stream.received)[:600])
    print("  edit link: edits its drawing (200), another's 403; a link's stream hears only "
          "its drawing")


def check_pipelined_and_large(lan, token):
    """Two requests sent in one TLS record are both answered (the second waits inside the
    TLS session, not in the socket, once the first is read), and a body of several
    megabytes arrives whole. An unknown token with a body is refused at its head."""
    host = lan.origin[len("https://"):]
    body = json.dumps({"svg": "<svg xmlns='http://www.w3.org/2000/svg'>" + "<!-- x -->" * 4000
                       + "</svg>"}).encode()
    # A request with a body longer than a head may be, then one more, in one write: the first
    # is read to the end of its body, and the second stays in the session (decrypted, or a
    # whole record) while the socket is empty.
    first = (f"POST /api/import HTTP/1.1\r\nHost: {host}\r\nOrigin: {lan.origin}\r\n"
             f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
             f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    second = (f"GET /api/session HTTP/1.1\r\nHost: {host}\r\n"
              f"Authorization: Bearer {token}\r\n\r\n").encode()
    with socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=10) as raw:
        with lan.context.wrap_socket(raw, server_hostname=LAN_ADDRESS) as tls:
            tls.sendall(first + second)
            answer = b""
            while b"HTTP/1.1 204" not in answer:
                try:
                    chunk = tls.recv(65536)
                except (socket.timeout, TimeoutError):
                    break
                if not chunk:
                    break
                answer += chunk
    expect("two requests in one TLS record are both answered",
           b"HTTP/1.1 200" in answer and b"HTTP/1.1 204" in answer, answer[:300])
    svg = "<svg xmlns='http://www.w3.org/2000/svg'>" + "<!-- x -->" * 400_000 + "</svg>"
    status, _, data = lan.request("POST", "/api/import", token, {"svg": svg})
    expect("a 4 MB body over TLS is read whole and answered", status == 200, (status, data[:200]))
    status, _, data = lan.request("POST", "/api/import", "f" * 32, {"svg": svg[:20_000]})
    expect("an unknown token with a body is refused", status == 401, (status, data[:200]))
    print("  two requests in one TLS record answered; a 4 MB body read whole; an unknown "
          "token refused")


def check_revocation(lan, name, token, revoke, busy):
    """`revoke()` (a drawdoc command) ends `token`'s open stream within 1 s; then 401. All the
    while another device (`busy`) makes requests back to back, as open pages do: a request
    that reads the access records between the revocation and the server's look at them must
    not hide it."""
    stream = lan.events(token)
    expect(f"{name}'s event stream opens", stream.status == 200, stream.status)
    expect_status(lan, 204, "GET", "/api/session", token)
    stop = threading.Event()

    def keep_busy():
        connection = lan.connection()
        while not stop.is_set():
            lan.request("GET", "/api/session", busy, connection=connection)

    worker = threading.Thread(target=keep_busy, daemon=True)
    worker.start()
    started = time.monotonic()
    revoke()
    revoked = time.monotonic()
    try:
        wait(f"{name}'s stream ends after its revocation", lambda: stream.ended, 5, 0.005)
    finally:
        stop.set()
        worker.join()
    after_command = stream.ended - revoked
    stream.close()
    expect_status(lan, 401, "GET", "/api/session", token)
    expect_status(lan, 401, "GET", "/api/drawings", token)
    print(f"  revoked {name}: stream ended {after_command * 1000:.0f} ms after the command "
          f"returned ({(stream.ended - started) * 1000:.0f} ms after it started)")
    expect(f"{name}'s stream ends within 1 s of its revocation", after_command <= 1.0,
           f"{after_command:.3f} s")


@pytest.fixture(scope="module")
def lan(drawdoc):
    """`drawdoc serve --listen 127.0.0.2:0` on a store of its own (lan_server.LanServer)."""
    with LanServer(drawdoc) as server:
        yield server


@pytest.fixture(scope="module")
def device(lan):
    """A device paired with the printed code (the owner's device of the tests)."""
    lan.owner_device = lan.pair("iPad in the studio")
    return lan.owner_device


@pytest.fixture(scope="module")
def expiring(lan):
    """A code made to expire in a minute, and its stored expiry: made early, tried last."""
    code = pairing_code(lan, "--expires", "1m")
    return code, stored_expiry(lan, code)


def test_certificate(lan):
    check_certificate(lan)


def test_printed_code_pairs_once(lan, device, expiring):
    expect_status(lan, 410, "POST", "/api/pair", None, {"code": lan.code, "name": "Second"})
    expect_status(lan, 403, "POST", "/api/pair", None, {"code": "ABCD-EFGH", "name": "Third"})
    print(f"  pairing: the printed code paired once, then 410; unknown 403; "
          f"a code expiring in {expiring[1] - time.time():.0f} s made")


def test_what_a_device_may_do(lan, device):
    expect_status(lan, 204, "GET", "/api/session", device)
    expect_status(lan, 200, "GET", "/api/drawings", device)
    for method, path in (("GET", "/api/devices"), ("POST", "/api/pairing"),
                         ("GET", "/api/sync"), ("POST", "/api/sync"),
                         ("DELETE", "/api/links/abcdefgh"),
                         ("DELETE", "/api/devices/iPad%20in%20the%20studio")):
        expect_status(lan, 403, method, path, device)
    created = lan.json("POST", "/api/drawings", device, {"title": "From the iPad"}, expect=201)
    expect("a device makes a drawing", re.fullmatch(r"[\w-]+", created["id"]), created)


def test_owner_token_wrong_host_and_origin(lan, device):
    expect_status(lan, 401, "GET", "/api/session", lan.owner_token)
    expect_status(lan, 401, "GET", "/api/drawings", lan.owner_token)
    expect_status(lan, 403, "GET", "/api/session", device,
                  headers={"Host": f"example.com:{lan.tls_port}"})
    expect_status(lan, 403, "GET", "/api/session", device, headers={"Host": LAN_ADDRESS})
    expect_status(lan, 403, "POST", "/api/drawings", device, {"title": "x"},
                  headers={"Origin": f"https://example.com:{lan.tls_port}"})
    print("  owner token 401 on TLS, wrong Host 403, wrong Origin 403")


def test_plain_http(lan):
    check_plain_http(lan)
    print("  plain HTTP 400")


def test_pipelined_and_large(lan, device):
    check_pipelined_and_large(lan, device)


def test_links(lan, device):
    check_links(lan)


def test_revocations(lan, device):
    """A device by name, a link by id."""
    doomed = lan.pair("Phone", pairing_code(lan))
    check_revocation(lan, "the device Phone", doomed,
                     lambda: lan.run("devices", "revoke", "Phone"), device)
    link_id, link = link_token(lan, lan.new_drawing("Shared", "--random", "3"))
    check_revocation(lan, f"the link {link_id}", link,
                     lambda: lan.run("share", "--revoke", link_id), device)
    expect_status(lan, 204, "GET", "/api/session", device)


def test_expired_code(lan, expiring):
    """Once the store's expiry has passed (by the clock, not a sleep)."""
    code, expiry = expiring
    wait("the code's expiry to pass", lambda: time.time() > expiry + 1, 90, 0.2)
    _, data = expect_status(lan, 410, "POST", "/api/pair", None, {"code": code, "name": "Late"})
    expect("the refusal says the code expired", b"expire" in data, data)
    print("  an expired code: 410")


def test_wrong_codes(lan):
    """Last, from another loopback address (which has its own count)."""
    statuses = []
    for attempt in range(12):
        guesser = lan.connection(source="127.0.0.3")
        status, fields, _ = lan.request("POST", "/api/pair", None,
                                        {"code": f"WXYZ-{attempt + 2:02d}AB".replace("0", "Q")
                                                 .replace("1", "R"), "name": "Guess"},
                                        connection=guesser)
        guesser.close()
        statuses.append(status)
        if status == 429:
            retry = fields.get("retry-after", "")
            expect("429 says when to retry", retry.isdigit() and int(retry) > 0, fields)
            break
    expect("wrong codes get 403 then 429 after 5", statuses == [403] * 5 + [429], statuses)
    print(f"  wrong codes: {statuses}")

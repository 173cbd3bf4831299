"""Calls one method of the `kopeechka` Python library (its synchronous half, vendored unchanged in
./kopeechka, see README.md) against a Kopeechka door, and prints what the library returned.

usage: python3 run.py BASE_URL TOKEN METHOD [KEYWORD_ARGUMENTS_AS_JSON]
prints: {"result": <the library's dataclass as a dict>} or {"error": {"status", "value"}} when the
library raised its KopeechkaApiError. Anything else the library raises (the TypeError it raised
when an answer lacked `fullmessage`, say) ends the script with its traceback and a non-zero exit.
"""
import dataclasses
import json
import logging
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))

# The package's __init__ also imports the asyncio half, which needs aiohttp (not installed here):
# the synchronous modules are loaded as the package's own, without it.
package = types.ModuleType("kopeechka")
package.__path__ = [os.path.join(HERE, "kopeechka")]
sys.modules["kopeechka"] = package

import requests  # noqa: E402

base, token, method = sys.argv[1], sys.argv[2], sys.argv[3]
arguments = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}

# The library names Kopeechka's host in every call (http:// and https://): its requests go to the door.
real_get = requests.get


def to_door(url, *args, **kwargs):
    for origin in ("http://api.kopeechka.store", "https://api.kopeechka.store"):
        if url.startswith(origin):
            url = base + url[len(origin):]
    return real_get(url, *args, **kwargs)


requests.get = to_door

from kopeechka.error import KopeechkaApiError  # noqa: E402
from kopeechka.mail_activations import MailActivations  # noqa: E402
from kopeechka.module_log import Logger  # noqa: E402

quiet = Logger(level=logging.CRITICAL + 1, handler=logging.StreamHandler(sys.stderr))
try:
    api = MailActivations(token, timeout=20, logger=quiet)  # checks the token with user-balance
    answer = getattr(api, method)(**arguments)
    print(json.dumps({"result": dataclasses.asdict(answer)}))
except KopeechkaApiError as error:
    print(json.dumps({"error": {"status": error.status, "value": error.value}}))

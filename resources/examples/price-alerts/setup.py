"""The price-alerts setup flow: credentials, then preferences.

Step 1 "credentials": ``api_key`` (password; ``pk_`` followed by 24 letters or digits) and an optional
``account_label``. Step 2 "preferences": ``currency`` (select), ``symbols`` (multiselect),
``threshold_pct`` (number, default 5) and ``notify_on_drops`` (boolean, default on).

What the user typed in step 1 is held here until the flow completes: setup state is transient, as in the
original runtime, so a restart mid-flow means starting again. On completion the configuration (key
included: the host keeps secrets out of the logs) goes to the skill's state with ``ctx.set_state``.
"""

from dev.types.setup_types import SetupField, SetupFieldError, SetupResult, SetupStep

KEY_PREFIX, KEY_LENGTH = "pk_", 24  # a key is pk_ followed by 24 ASCII letters or digits
SYMBOLS = ("BTC", "ETH", "SOL", "ADA", "DOT")
CURRENCIES = (("US dollar", "USD"), ("Euro", "EUR"), ("Pound sterling", "GBP"))
DEFAULT_THRESHOLD = 5
THRESHOLD_RANGE = (0.5, 50)
LABEL_MAX = 40

CREDENTIALS = SetupStep(
    id="credentials",
    title="Connect your price feed",
    description="The example feed is simulated; any well-formed key works. Try pk_ followed by 24 letters or digits.",
    fields=[
        SetupField(name="api_key", type="password", label="API key", placeholder="pk_...",
                   description="Starts with pk_, then 24 letters or digits."),
        SetupField(name="account_label", type="text", label="Account label", required=False,
                   placeholder="My portfolio", description="Shown in alerts, so you can tell accounts apart."),
    ],
)

PREFERENCES = SetupStep(
    id="preferences",
    title="What to watch",
    fields=[
        SetupField(name="currency", type="select", label="Currency", default="USD",
                   options=[{"label": label, "value": value} for label, value in CURRENCIES]),
        SetupField(name="symbols", type="multiselect", label="Assets to watch", default=["BTC", "ETH"],
                   options=[{"label": s, "value": s} for s in SYMBOLS]),
        SetupField(name="threshold_pct", type="number", label="Alert on moves of at least (%)",
                   default=DEFAULT_THRESHOLD, description="From 0.5 to 50."),
        SetupField(name="notify_on_drops", type="boolean", label="Tell me when a price drops by that much",
                   required=False, default=True),
    ],
)

_pending = {}


def check_api_key(value):
    """A plain-words message for a key that cannot be right, or None."""
    key = (value or "").strip() if isinstance(value, str) else ""
    if not key:
        return "Enter your API key."
    if not key.startswith(KEY_PREFIX):
        return "An API key starts with pk_ (for example pk_ followed by 24 letters and digits)."
    rest = key[len(KEY_PREFIX):]
    if not rest.isascii() or not rest.isalnum():
        return "After pk_ a key has only letters and digits: no spaces or symbols."
    if len(rest) != KEY_LENGTH:
        return f"After pk_ a key has exactly {KEY_LENGTH} letters and digits; this one has {len(rest)}."
    return None


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def _flag(value):
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("true", "1", "yes", "on")


def check_preferences(values):
    """Returns (config, errors): the cleaned preferences, and a SetupFieldError per bad field."""
    errors = []
    currency = values.get("currency", "USD")
    if currency not in [v for _, v in CURRENCIES]:
        errors.append(SetupFieldError(field="currency", message="Pick one of the listed currencies."))
    symbols = values.get("symbols")
    if isinstance(symbols, str):
        symbols = [s.strip() for s in symbols.split(",") if s.strip()]
    if not isinstance(symbols, list) or not symbols:
        errors.append(SetupFieldError(field="symbols", message="Pick at least one asset to watch."))
        symbols = []
    unknown = [s for s in symbols if s not in SYMBOLS]
    if unknown:
        names = ", ".join(map(str, unknown))
        errors.append(SetupFieldError(field="symbols", message=f"Not an asset this feed knows: {names}."))
    raw = values.get("threshold_pct")
    threshold = DEFAULT_THRESHOLD if raw in (None, "") else _number(raw)
    low, high = THRESHOLD_RANGE
    if threshold is None:
        errors.append(SetupFieldError(field="threshold_pct", message="Enter a number, such as 5."))
    elif not low <= threshold <= high:
        errors.append(SetupFieldError(field="threshold_pct", message=f"Choose a value from {low:g} to {high:g}."))
    config = {
        "currency": currency,
        "symbols": [s for s in SYMBOLS if s in symbols],
        "threshold_pct": threshold,
        "notify_on_drops": _flag(values.get("notify_on_drops", True)),
    }
    return config, errors


async def on_setup_start(ctx):
    _pending.clear()
    return CREDENTIALS


async def on_setup_submit(ctx, step_id, values):
    if step_id == "credentials":
        errors = []
        problem = check_api_key(values.get("api_key"))
        if problem:
            errors.append(SetupFieldError(field="api_key", message=problem))
        label = str(values.get("account_label") or "").strip()
        if len(label) > LABEL_MAX:
            errors.append(SetupFieldError(field="account_label",
                                          message=f"Keep the label under {LABEL_MAX} characters."))
        if errors:
            return SetupResult(status="error", errors=errors)
        _pending.update(api_key=values["api_key"].strip(), account_label=label or "My portfolio")
        return SetupResult(status="next", next_step=PREFERENCES)
    if step_id == "preferences":
        if "api_key" not in _pending:
            return SetupResult(status="error",
                               message="The credentials step is missing (was the skill restarted?). Start setup again.")
        config, errors = check_preferences(values)
        if errors:
            return SetupResult(status="error", errors=errors)
        config["account_label"] = _pending["account_label"]
        # Fire-and-forget, as in the original SDK: the request leaves before this step's answer does.
        ctx.set_state({"config": config, "api_key": _pending["api_key"], "configured": True})
        _pending.clear()
        ctx.log(f"configured: watching {', '.join(config['symbols'])} in {config['currency']}")
        watched, threshold = ", ".join(config["symbols"]), config["threshold_pct"]
        return SetupResult(status="complete",
                           message=f"Watching {watched} in {config['currency']}; moves of {threshold:g}% are reported.")
    return SetupResult(status="error", message=f"There is no setup step called {step_id!r}. Start setup again.")


async def on_setup_cancel(ctx):
    _pending.clear()

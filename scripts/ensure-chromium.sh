#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is on this machine. Never downloads a browser build:
# it uses $CHROME_PATH, else Debian's /usr/bin/chromium, installing the `chromium` package when this is
# Debian and we are root. Anywhere else it stops and says what to install.
set -euo pipefail

if [[ -n "${CHROME_PATH:-}" ]]; then
  if [[ -x "$CHROME_PATH" ]]; then exit 0; fi
  echo "CHROME_PATH is set to '$CHROME_PATH', which is not an executable file." >&2
  exit 1
fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi

if [[ -f /etc/debian_version && "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium package for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  if [[ -x /usr/bin/chromium ]]; then exit 0; fi
fi

cat >&2 <<'MSG'
The browser tests need Chromium and none was found.
  - On Debian or Ubuntu: sudo apt-get install chromium   (provides /usr/bin/chromium)
  - Elsewhere: install Chrome or Chromium and set CHROME_PATH to its executable.
The tests never download a browser themselves.
MSG
exit 1

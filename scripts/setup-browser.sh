#!/bin/sh
# Makes sure Debian's Chromium is installed for the browser tests. Playwright's own browser
# download cannot work on this machine (DESIGN.md section 2), so playwright-core drives
# /usr/bin/chromium. Safe to run again: it does nothing when Chromium is already there.
set -eu

chromium=/usr/bin/chromium

if [ -x "$chromium" ]; then
  echo "setup-browser: $("$chromium" --version 2>/dev/null || echo "$chromium") is installed"
  exit 0
fi

# apt-get needs root; use sudo when we are not root and it exists.
if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1; then
  as_root() { sudo "$@"; }
else
  echo "setup-browser: $chromium is missing and installing it needs root (or sudo)" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
install_chromium() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
}

# The package lists are refreshed only when the install fails: updating costs a minute
# and is usually not needed on a machine that was set up recently.
if ! install_chromium; then
  echo "setup-browser: install failed; running apt-get update and trying again" >&2
  as_root apt-get update
  install_chromium
fi

if [ ! -x "$chromium" ]; then
  echo "setup-browser: apt-get finished but $chromium is still missing" >&2
  exit 1
fi
echo "setup-browser: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"

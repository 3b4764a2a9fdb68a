#!/usr/bin/env bash
# Installs the conversion engines docstudio's server runs, from Debian's packages.
# Idempotent: apt-get skips what is already there. Must run as root (npm start prints
# the apt-get line for non-root users instead of running this).
set -euo pipefail

# The OCR tool's 27 languages (spec part 2, section 9) as Tesseract pack names.
OCR_LANGS="ara cat chi-sim chi-tra dan nld eng fin fas deu ell heb ita jpn kor lit nor pol por ron rus slv spa swe tur ukr tha"
# The other languages of European administrations (the EU's official ones, regional and neighbouring):
# the server accepts every installed model by its ISO code, so these need no code change.
OCR_LANGS="$OCR_LANGS fra ces slk hun est lav bul hrv srp srp-latn gle mlt eus glg cym ltz isl sqi mkd bos"

# libjemalloc2: the allocator the server runs on (packages/server/allocator.mjs says why).
PACKAGES="chromium \
 libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui libreoffice-draw-nogui python3-uno \
 ghostscript qpdf poppler-utils \
 tesseract-ocr ocrmypdf \
 fonts-dejavu fonts-liberation fonts-liberation2 fonts-noto-core fonts-noto-cjk fonts-crosextra-carlito fonts-crosextra-caladea \
 icc-profiles-free libjemalloc2 \
 redis-server postgresql"
for lang in $OCR_LANGS; do PACKAGES="$PACKAGES tesseract-ocr-$lang"; done

if [ "${1:-}" = "--list" ]; then
  # shellcheck disable=SC2086
  printf '%s\n' $PACKAGES
  exit 0
fi
if [ "${1:-}" = "--print" ]; then
  echo "apt-get update && apt-get install -y --no-install-recommends $PACKAGES"
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "install-engines.sh must run as root. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends $PACKAGES" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $PACKAGES

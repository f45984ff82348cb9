#!/bin/sh
# Deletes the edge's stored public documents of past seconds (infra/nginx/page-store.conf): every
# 2 s, each second's folder last written more than 10 s ago. nginx never reads a past second's
# folder, so this only frees the disk; a folder is kept a few seconds longer for the requests still
# writing into it (one that writes after the sweep makes the folder again; it goes the next time).
# Run by the local stack (infra/scripts/lib/stack.mjs) and, in production, by
# infra/systemd/warraq-page-store-sweep.service. Usage: page-store-sweep.sh <store folder>
set -u
store="$1"
while :; do
  find "$store" -mindepth 1 -maxdepth 1 -type d ! -newermt "@$(($(date +%s) - 10))" -exec rm -rf -- {} +
  sleep 2
done

#!/usr/bin/env bash
# Builds the attestation video the platform ships until an admin uploads another: one short MP4
# per language (spoken by espeak-ng, each sentence shown on screen) and WebVTT captions in English
# and Bahasa Melayu. Both videos keep the same timings, so either caption file fits either video.
# Needs ffmpeg, ffprobe and espeak-ng; the output is committed, so running the platform does not.
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/assets/attestation"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

en=(
  "This video explains the loan agreement you are about to sign."
  "The lender pays the amount received into your account after signing, less the stamp duty, the attestation fee, and any loan protection you chose to have deducted."
  "You repay a fixed monthly instalment on the same day every month, until the last instalment shown in your schedule."
  "The total repayable is the loan plus interest at the fixed annual rate in your agreement."
  "If an instalment is late, a late payment charge of eight percent a year is added on the overdue amount, for every day it stays unpaid."
  "Payments are collected by direct debit from your bank account. Keep enough money in it before each due date."
  "You may ask us any question before you sign. After this video, answer a few questions about your own loan."
)
ms=(
  "Video ini menerangkan perjanjian pinjaman yang akan anda tandatangani."
  "Pemberi pinjam membayar amaun yang diterima ke akaun anda selepas tandatangan, ditolak duti setem, fi pengakuan, dan perlindungan pinjaman yang anda pilih untuk ditolak."
  "Anda membayar ansuran bulanan tetap pada hari yang sama setiap bulan, sehingga ansuran terakhir dalam jadual anda."
  "Jumlah bayaran balik ialah pinjaman ditambah faedah pada kadar tahunan tetap dalam perjanjian anda."
  "Jika ansuran lewat, caj bayaran lewat lapan peratus setahun dikenakan ke atas amaun tertunggak, bagi setiap hari ia belum dibayar."
  "Bayaran dikutip melalui debit terus dari akaun bank anda. Pastikan wang mencukupi sebelum setiap tarikh matang."
  "Anda boleh bertanya apa-apa soalan sebelum menandatangani. Selepas video ini, jawab beberapa soalan tentang pinjaman anda sendiri."
)

duration() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }
stamp() { # seconds -> HH:MM:SS.mmm
  awk -v s="$1" 'BEGIN { ms = int(s * 1000 + 0.5); printf "%02d:%02d:%02d.%03d", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60, ms % 1000 }'
}

starts=()
ends=()
at=0
for i in "${!en[@]}"; do
  espeak-ng -v en-us -s 160 -w "$work/en-$i.wav" "${en[$i]}"
  espeak-ng -v ms -s 160 -w "$work/ms-$i.wav" "${ms[$i]}"
  # Each sentence lasts as long as its longer reading plus a pause, in both languages.
  length=$(awk -v a="$(duration "$work/en-$i.wav")" -v b="$(duration "$work/ms-$i.wav")" \
    'BEGIN { m = a > b ? a : b; printf "%.2f", m + 0.6 }')
  for lang in en ms; do
    ffmpeg -v error -y -i "$work/$lang-$i.wav" -af "apad=whole_dur=$length" -ar 22050 -ac 1 \
      "$work/$lang-$i-pad.wav"
    echo "file '$work/$lang-$i-pad.wav'" >>"$work/$lang.list"
  done
  starts+=("$at")
  at=$(awk -v a="$at" -v b="$length" 'BEGIN { printf "%.2f", a + b }')
  ends+=("$at")
done

font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
for lang in en ms; do
  declare -n lines="$lang"
  title="Loan agreement attestation"
  [ "$lang" = ms ] && title="Pengakuan perjanjian pinjaman"
  ffmpeg -v error -y -f concat -safe 0 -i "$work/$lang.list" -c copy "$work/$lang.wav"
  filters="drawtext=fontfile=$font:text='$title':fontcolor=white:fontsize=22:x=(w-tw)/2:y=24"
  {
    echo "WEBVTT"
    echo
  } >"$out/captions-$lang.vtt"
  for i in "${!lines[@]}"; do
    printf '%s\n' "${lines[$i]}" | fold -s -w 46 >"$work/$lang-$i.txt"
    filters+=",drawtext=fontfile=$font:textfile=$work/$lang-$i.txt:fontcolor=white:fontsize=20:line_spacing=6:x=(w-tw)/2:y=(h-th)/2:enable='between(t,${starts[$i]},${ends[$i]})'"
    {
      echo "$((i + 1))"
      echo "$(stamp "${starts[$i]}") --> $(stamp "${ends[$i]}")"
      echo "${lines[$i]}"
      echo
    } >>"$out/captions-$lang.vtt"
  done
  ffmpeg -v error -y -f lavfi -i "color=c=0x12355b:s=640x360:r=10:d=$at" -i "$work/$lang.wav" \
    -vf "$filters" -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -g 50 \
    -c:a aac -b:a 32k -ac 1 -shortest -movflags +faststart "$out/video-$lang.mp4"
done
ls -l "$out"

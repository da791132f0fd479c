#!/bin/sh
# Makes the hero background clips in frontend/public/media from ffmpeg's own generators:
# slow ember and moss light drifting over dark forest green (home), and a low campfire glow
# that breathes with rising sparks (campfire). Every motion is periodic in the clip's length,
# so the last frame flows into the first: a seamless loop. The light shapes are drawn once
# (geq, one frame) and moved per frame with overlay, which keeps rendering quick.
# Needs Debian's ffmpeg (libvpx-vp9, libx264). Run: sh frontend/scripts/make-hero-videos.sh
set -eu
OUT="$(cd "$(dirname "$0")/.." && pwd)/public/media"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
W=960
H=540
FPS=24

still() { ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=black:s=$1,format=rgba" -vf "geq=$2" -frames:v 1 "$WORK/$3.png"; }

# Forest ground: darker at the foot, a touch of moss at the top.
still ${W}x${H} "r='13+8*Y/H':g='30+16*(1-Y/H)':b='22+8*(1-Y/H)':a=255" ground
# Soft round lights: colour, alpha falling off from the centre.
FALLOFF="255*exp(-((X-W/2)*(X-W/2)+(Y-H/2)*(Y-H/2))/(W*W/22))"
still 960x960 "r=200:g=96:b=40:a='0.6*$FALLOFF'" ember
still 1040x1040 "r=70:g=120:b=88:a='0.4*$FALLOFF'" moss
still 1200x1200 "r=236:g=128:b=48:a='0.85*$FALLOFF'" fire
still 10x10 "r=255:g=190:b=120:a='0.9*$FALLOFF'" spark

# Eight sparks rising at whole-loop speeds, swaying; $1 = loop seconds, $2 = input holding the spark.
sparks() {
  D=$1
  CHAIN="[$2:v]split=8[s0][s1][s2][s3][s4][s5][s6][s7];"
  LAST="lit"
  for i in 0 1 2 3 4 5 6 7; do
    X0=$(( 120 + (i * 373) % 720 ))
    K=$(( (i % 3) + 1 ))
    O="0.$(( (i * 53) % 100 ))"
    CHAIN="$CHAIN[$LAST][s$i]overlay=x='$X0+24*sin(2*PI*(2*t/$D+$O))':y='$H-mod(t*$K/$D+$O,1)*($H+40)':eval=frame[p$i];"
    LAST="p$i"
  done
  echo "$CHAIN[$LAST]"
}

encode() {
  NAME=$1 D=$2 GRAPH=$3
  shift 3
  GRAPH="$GRAPH,noise=alls=3:allf=t,format=yuv420p[v]"
  ffmpeg -hide_banner -loglevel error -y "$@" -filter_complex "$GRAPH" -map "[v]" -t "$D" -r $FPS \
    -c:v libvpx-vp9 -b:v 0 -crf 34 -row-mt 1 -deadline good -cpu-used 4 -an "$OUT/$NAME.webm"
  ffmpeg -hide_banner -loglevel error -y "$@" -filter_complex "$GRAPH" -map "[v]" -t "$D" -r $FPS \
    -c:v libx264 -crf 24 -preset slow -profile:v high -pix_fmt yuv420p -movflags +faststart -an "$OUT/$NAME.mp4"
  ffmpeg -hide_banner -loglevel error -y -i "$OUT/$NAME.mp4" -frames:v 1 -q:v 5 "$OUT/$NAME-poster.jpg"
}

input() { echo "-loop 1 -framerate $FPS -t $2 -i $WORK/$1.png"; }

# Home: ember and moss lights circling slowly over the forest, a few sparks.
D=12
# shellcheck disable=SC2046
encode home-hero $D \
  "[0:v][1:v]overlay=x='$W*0.3-480+140*sin(2*PI*t/$D)':y='$H*0.72-480+50*cos(2*PI*t/$D)':eval=frame[a];[a][2:v]overlay=x='$W*0.72-520+110*cos(2*PI*t/$D)':y='$H*0.3-520+50*sin(2*PI*t/$D)':eval=frame[lit];$(sparks $D 3)gblur=sigma=1.5" \
  $(input ground $D) $(input ember $D) $(input moss $D) $(input spark $D)

# Campfire: a low fire that sways a little and breathes, sparks rising from it, firelight flicker.
D=10
# shellcheck disable=SC2046
encode campfire $D \
  "[0:v][1:v]overlay=x='$W/2-600+12*sin(2*PI*5*t/$D)':y='$H-480+14*sin(2*PI*3*t/$D)':eval=frame[lit];$(sparks $D 2)gblur=sigma=1.5,eq=brightness='0.025*sin(2*PI*3*t/$D)+0.015*sin(2*PI*7*t/$D+1)':eval=frame" \
  $(input ground $D) $(input fire $D) $(input spark $D)

ls -l "$OUT"

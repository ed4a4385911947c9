#!/usr/bin/env python3
"""Every image of a folder read and written again with OpenCV: the script a Python user would write
for what `loomy -f NoOp -o OUT DIR` does. JPEGs are written at quality 95, as loomy writes them;
PNGs with OpenCV's defaults.

    python opencv_folder.py DIR OUT [THREADS]    THREADS defaults to the number of cores; 1 is a plain loop
"""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import cv2

EXTENSIONS = (".jpg", ".jpeg", ".png")


def convert(source, target):
    image = cv2.imread(source)
    if image is None:
        print(f"{source}: cannot be read", file=sys.stderr)
        return False
    jpeg = target.lower().endswith((".jpg", ".jpeg"))
    return cv2.imwrite(target, image, [cv2.IMWRITE_JPEG_QUALITY, 95] if jpeg else [])


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, out = sys.argv[1], sys.argv[2]
    threads = int(sys.argv[3]) if len(sys.argv) == 4 else os.cpu_count()
    os.makedirs(out, exist_ok=True)
    names = sorted(n for n in os.listdir(source) if n.lower().endswith(EXTENSIONS))
    jobs = [(os.path.join(source, n), os.path.join(out, n)) for n in names]
    if threads == 1:
        done = [convert(s, t) for s, t in jobs]
    else:
        with ThreadPoolExecutor(threads) as pool:
            done = list(pool.map(lambda job: convert(*job), jobs))
    sys.exit(0 if all(done) else 1)


if __name__ == "__main__":
    main()

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * Writes FOLDERS x PER_FOLDER distinct tiny PNGs (8x8 gray, about 120 bytes each) into
 * DIR/dNNNN/imgNNNN.png, fast: each file is put together in memory (stored deflate blocks, no
 * compression to compute) and written in one call, folders in parallel.
 *
 *   java bench/million/TinyPngs.java DIR FOLDERS PER_FOLDER
 */
public final class TinyPngs {

    private static final int SIDE = 8;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int folders = Integer.parseInt(args[1]);
        int perFolder = Integer.parseInt(args[2]);
        AtomicLong bytes = new AtomicLong();
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()))) {
            for (int f = 0; f < folders; f++) {
                int folder = f;
                pool.execute(() -> {
                    try {
                        Path sub = Files.createDirectories(dir.resolve(String.format("d%04d", folder)));
                        for (int i = 0; i < perFolder; i++) {
                            byte[] png = png((long) folder * perFolder + i);
                            Files.write(sub.resolve(String.format("img%04d.png", i)), png);
                            bytes.addAndGet(png.length);
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
        }
        System.err.printf("%d images, %.1f MB, in %.1f s%n", (long) folders * perFolder, bytes.get() / 1e6,
                (System.nanoTime() - start) / 1e9);
    }

    /** An 8x8 gray PNG whose pixels spell {@code n}: every image distinct. */
    static byte[] png(long n) {
        byte[] raw = new byte[SIDE * (SIDE + 1)];
        for (int y = 0; y < SIDE; y++) {
            raw[y * (SIDE + 1)] = 0; // filter: none
            for (int x = 0; x < SIDE; x++) {
                int bit = y * SIDE + x;
                raw[y * (SIDE + 1) + 1 + x] = (byte) (bit < 64 && ((n >>> bit) & 1) != 0 ? 255 : (x * 16 + y * 8));
            }
        }
        // zlib: header, one stored block, Adler-32.
        ByteBuffer zlib = ByteBuffer.allocate(2 + 5 + raw.length + 4);
        zlib.put((byte) 0x78).put((byte) 0x01).put((byte) 1)
                .put((byte) raw.length).put((byte) (raw.length >>> 8))
                .put((byte) ~raw.length).put((byte) (~raw.length >>> 8)).put(raw);
        Adler32 adler = new Adler32();
        adler.update(raw);
        zlib.putInt((int) adler.getValue());
        ByteBuffer png = ByteBuffer.allocate(8 + 25 + 12 + zlib.capacity() + 12);
        png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(png, "IHDR", ByteBuffer.allocate(13).putInt(SIDE).putInt(SIDE).put((byte) 8).put((byte) 0)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(png, "IDAT", zlib.array());
        chunk(png, "IEND", new byte[0]);
        return png.array();
    }

    private static void chunk(ByteBuffer png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        png.putInt(data.length).put(name).put(data).putInt((int) crc.getValue());
    }
}

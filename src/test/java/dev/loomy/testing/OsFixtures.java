package dev.loomy.testing;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;

/**
 * Special files and stand-in processes made with the operating system's small programs (mkfifo,
 * mknod, mount, sleep, bash), each ending in milliseconds: never a JVM, a browser or a server.
 * {@code SlowTagTest} lets a fast test use these; a test that starts anything else is tagged
 * {@link dev.loomy.Slow}.
 */
public final class OsFixtures {

    private OsFixtures() {
    }

    /** Makes a named pipe at {@code path}; mkfifo's exit status. */
    public static int mkfifo(Path path) throws IOException, InterruptedException {
        return new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor();
    }

    /** Makes a character device at {@code path} like /dev/null's (1,3), which only root may; mknod's exit status. */
    public static int nullDevice(Path path) throws IOException, InterruptedException {
        return new ProcessBuilder("mknod", path.toString(), "c", "1", "3").redirectErrorStream(true).start().waitFor();
    }

    /** A Unix socket bound at {@code path}: a special file, listened on by no one. The caller closes it. */
    public static ServerSocketChannel unixSocket(Path path) throws IOException {
        ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        socket.bind(UnixDomainSocketAddress.of(path));
        return socket;
    }

    /** Runs a line of bash in {@code dir} (for what Java cannot spell, such as a name that is not UTF-8); its exit status. */
    public static int bash(Path dir, String line) throws IOException, InterruptedException {
        return new ProcessBuilder("bash", "-c", line).directory(dir.toFile()).inheritIO().start().waitFor();
    }

    /** Starts {@code mount --bind from at}, its output and errors as one stream; the caller waits for it. */
    public static Process bindMount(Path from, Path at) throws IOException {
        return new ProcessBuilder("mount", "--bind", from.toString(), at.toString()).redirectErrorStream(true).start();
    }

    /** Unmounts {@code at}; umount's exit status. */
    public static int unmount(Path at) throws IOException, InterruptedException {
        return new ProcessBuilder("umount", at.toString()).inheritIO().start().waitFor();
    }

    /** The id of a process that has come and gone. */
    public static long deadPid() throws IOException, InterruptedException {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    /** A process that lives for a minute unless destroyed (the caller destroys it). */
    public static Process sleeper() throws IOException {
        return new ProcessBuilder("sleep", "60").start();
    }
}

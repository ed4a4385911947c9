package dev.loomy.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file operation failed, in words for a one-line message: the JDK's own text
 * ({@code java.nio.file.FileSystemException: /a/.x.tmp -> /a/x: Is a directory}) names its class
 * and paths the user never gave, such as a temporary file's.
 */
public final class IoReasons {

    private IoReasons() {
    }

    public static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "a folder that is not empty";
        }
        // The reason alone (the operating system's, such as "Read-only file system"): the message repeats the paths.
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return lowerFirst(fs.getReason());
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? "an input/output error"
                : lowerFirst(message.replaceAll("\\s*\\R\\s*", " ").strip());
    }

    /** As {@link #of}, for creating a file in a folder that exists: there, "no such file" means the file system takes none. */
    public static String ofCreating(IOException e) {
        return e instanceof NoSuchFileException ? "its file system takes no new files" : of(e);
    }

    private static String lowerFirst(String text) {
        // "Is a directory" reads as part of a sentence; "JPEG ..." or "EOF" keep their capitals.
        return text.length() > 1 && Character.isUpperCase(text.charAt(0)) && Character.isLowerCase(text.charAt(1))
                ? Character.toLowerCase(text.charAt(0)) + text.substring(1) : text;
    }
}

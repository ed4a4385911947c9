package dev.loomy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Every document the repository cites is in the repository: a path such as {@code docs/cli.md} or
 * {@code README.md#exit-status} in a comment, script or document names a file that exists, and a
 * heading of it where an anchor follows; every relative link of a Markdown file resolves. And no
 * file cites documents kept outside the repository: the repository is its own reference.
 */
class DocCitationsTest {

    /** A cited document: a Markdown file of docs, or README.md, from the repository's root, with an anchor maybe. */
    private static final Pattern CITED = Pattern.compile("(?<![\\w./-])(docs/[\\w.-]+\\.md|README\\.md)(#[\\w-]+)?");
    /** A Markdown link or image: its target, path and anchor. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    /** Documents outside the repository, by the names they go by. */
    private static final Pattern ELSEWHERE = Pattern.compile("\\bSPEC\\b|\\bFILTERS(-CATALOGUE)?\\.md|\\bshared/");

    @Test
    void everyCitedDocumentExistsWithItsHeading() {
        List<String> broken = new ArrayList<>();
        for (Path file : RepositoryDocs.textFiles()) {
            Matcher cited = CITED.matcher(RepositoryDocs.read(file));
            while (cited.find()) {
                String problem = problem(RepositoryDocs.ROOT.resolve(cited.group(1)), cited.group(2));
                if (problem != null) {
                    broken.add(RepositoryDocs.relative(file) + " cites " + cited.group() + ": " + problem);
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void everyRelativeLinkOfTheMarkdownFilesResolves() {
        List<String> broken = new ArrayList<>();
        for (Path file : RepositoryDocs.textFiles()) {
            if (!file.getFileName().toString().endsWith(".md")) {
                continue;
            }
            Matcher link = LINK.matcher(RepositoryDocs.withoutCode(RepositoryDocs.read(file)));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("(?i)(https?|mailto):.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                String problem = problem(resolved, hash < 0 ? null : target.substring(hash));
                if (problem != null) {
                    broken.add(RepositoryDocs.relative(file) + " links to " + target + ": " + problem);
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void nothingCitesNotesOutsideTheRepository() {
        List<String> found = new ArrayList<>();
        for (Path file : RepositoryDocs.textFiles()) {
            String[] lines = RepositoryDocs.read(file).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (ELSEWHERE.matcher(lines[i]).find()) {
                    found.add(RepositoryDocs.relative(file) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void theChecksSeeABrokenCitationAndANoteFromElsewhere() {
        assertThat(problem(RepositoryDocs.ROOT.resolve("docs").resolve("no-such-page.md"), null)).isEqualTo("no such file");
        assertThat(problem(RepositoryDocs.ROOT.resolve("README.md"), "#no-such-heading")).isEqualTo("no such heading");
        assertThat(problem(RepositoryDocs.ROOT.resolve("README.md"), "#exit-status")).isNull();
        Matcher cited = CITED.matcher("see docs/cli.md#exit-status, not bench/results/README-results.md");
        assertThat(cited.find()).isTrue();
        assertThat(cited.group()).isEqualTo("docs/cli.md#exit-status");
        assertThat(cited.find()).isFalse();
        assertThat(ELSEWHERE.matcher("as " + "SP" + "EC says").find()).isTrue();
        assertThat(ELSEWHERE.matcher("the " + "FILTERS" + ".md steps").find()).isTrue();
        assertThat(ELSEWHERE.matcher("a SPECTRUM of specs").find()).isFalse();
    }

    /** What is wrong with a citation of {@code target} and {@code anchor} (null: none), or null. */
    private static String problem(Path target, String anchor) {
        if (!Files.exists(target)) {
            return "no such file";
        }
        if (anchor != null && target.getFileName().toString().endsWith(".md")
                && !RepositoryDocs.anchors(target).contains(anchor.substring(1))) {
            return "no such heading";
        }
        return null;
    }
}

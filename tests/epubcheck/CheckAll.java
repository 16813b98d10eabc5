// Runs EPUBCheck on every book named, in one Java process (a JVM's start and warm-up is most of
// the cost of checking one book); prints each book's own report and exits with the worst status.
// Started by tests/test_epub.py as `java -cp epubcheck.jar CheckAll.java BOOK...` (Java 11+).
public class CheckAll {
    public static void main(String[] books) {
        int worst = 0;
        for (String book : books) {
            System.out.println("=== " + book);
            int status = new com.adobe.epubcheck.tool.EpubChecker().run(new String[] {book});
            System.out.println("=== status " + status);
            worst = Math.max(worst, status);
        }
        System.exit(worst);
    }
}

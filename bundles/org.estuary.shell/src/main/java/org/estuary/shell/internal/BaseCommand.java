package org.estuary.shell.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Parser;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/**
 * What every {@code estuary:} command shares: its name and help, reading its arguments and options, and
 * completion of its name and of ids. Output goes to {@code System.out}, which Karaf points at the session; an
 * exception ends the command with its message (and a non-zero exit status over {@code ssh HOST COMMAND}).
 */
abstract class BaseCommand implements Command {

    static final String SCOPE = "estuary";

    private final String name;
    private final String description;

    BaseCommand(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String getScope() {
        return SCOPE;
    }

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Parser getParser() {
        return null; // Karaf's own
    }

    /** The argument names of the usage line ("SET LEASE"). */
    abstract List<String> arguments();

    /** Whether the command pages ({@code --offset}, {@code --limit}). */
    boolean pages() {
        return false;
    }

    /** Runs the command with its arguments read. */
    abstract void run(Arguments arguments, PrintStream out) throws Exception;

    /** Candidates for the {@code index}-th argument (from 0), given the ones before it. */
    List<String> candidates(int index, List<String> before, String typed) {
        return List.of();
    }

    @Override
    public final Object execute(Session session, List<Object> words) throws Exception {
        List<String> text = new ArrayList<>();
        words.forEach(word -> text.add(String.valueOf(word)));
        if (text.contains("--help") || text.contains("-h")) {
            help(System.out);
            return null;
        }
        run(Arguments.read(SCOPE + ":" + name, text, arguments(), pages()), System.out);
        return null;
    }

    void help(PrintStream out) {
        StringBuilder usage = new StringBuilder(SCOPE + ":" + name);
        arguments().forEach(argument -> usage.append(' ').append(argument.toUpperCase(java.util.Locale.ROOT)));
        if (pages()) {
            usage.append(" [-o|--offset N] [-n|--limit N]");
        }
        out.println(description);
        out.println("usage: " + usage);
        if (pages()) {
            out.println("  -o, --offset  first row to show (0 = the first), default 0");
            out.println("  -n, --limit   rows to show, at most " + org.estuary.management.Pages.MAX_LIMIT
                    + ", default " + Arguments.DEFAULT_LIMIT);
        }
    }

    @Override
    public final Completer getCompleter(boolean scoped) {
        String typedName = scoped ? SCOPE + ":" + name : name;
        return (session, line, candidates) -> complete(session, line, candidates, typedName);
    }

    private int complete(Session session, CommandLine line, List<String> candidates, String typedName) {
        String[] words = line.getArguments();
        int index = line.getCursorArgumentIndex();
        StringsCompleter strings = new StringsCompleter();
        if (index == 0) {
            strings.getStrings().add(typedName);
        } else if (index > 0 && words.length > 0 && (words[0].equals(typedName)
                || words[0].equals(SCOPE + ":" + name))) {
            List<String> before = new ArrayList<>();
            for (int i = 1; i < index && i < words.length; i++) {
                before.add(words[i]);
            }
            String typed = index < words.length ? words[index] : "";
            String prefix = typed.substring(0, Math.min(line.getArgumentPosition(), typed.length()));
            strings.getStrings().addAll(candidates(index - 1, before, prefix));
        } else {
            return -1;
        }
        return strings.complete(session, line, candidates);
    }
}

package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import net.jini.lease.LeaseRenewalService;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * The lease renewal service renews a registration lease of Apache River 2.2.3's lookup service (Reggie, started by
 * {@link ReggieProcess}), handed to it by a plain Java client, from River's classes and from Estuary's. The
 * distribution is prepared exactly as bundles/org.estuary.client/README.md, "Renewing leases of Apache River
 * services", tells a user (its repository line, allowlist file and {@code bundle:install} lines are read from the
 * README), and the client is that README's {@code RenewRiverLease}.
 *
 * <p>Reggie grants at most {@link ReggieProcess#MAX_LEASE_MS} per registration or renewal, and drops a registration
 * whose lease has ended; the program fails unless its registration is still found at Reggie three such terms after
 * its first lease ended, which takes at least three renewals at Reggie, and nothing but the container renews it.
 * Both programs run at once, so the class waits those terms once; each has a Reggie of its own, as Reggie gave two
 * identical programs registering at once one service id (the later registration then replaces the earlier one).
 */
public class RiverLeaseIT {

    private static final Path CLIENT_README = Path.of("..", "bundles", "org.estuary.client", "README.md");

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class,
            RiverLeaseIT::prepare);

    private static final List<ReggieProcess> REGGIES = new ArrayList<>();

    private static final ExecutorService PROGRAMS = Executors.newFixedThreadPool(2);
    private static Future<String> riverProgram;
    private static Future<String> estuaryProgram;

    /** README steps 1 and 3, done to the unpacked distribution before it starts. */
    private static void prepare(Path home) throws IOException {
        // step 1: the build's local repository holds River's jars (itest/pom.xml copies them from it)
        Path mvn = home.resolve("etc/org.ops4j.pax.url.mvn.cfg");
        Processes.setProperty(mvn, "org.ops4j.pax.url.mvn.repositories",
                Path.of(System.getProperty("maven.repo.local")).toUri() + "@id=river");
        // where the container keeps what it fetches: its own folder, not the user's ~/.m2
        Processes.setProperty(mvn, "org.ops4j.pax.url.mvn.localRepository", home.resolve("data/maven").toString());
        // step 3
        Files.writeString(home.resolve("etc/org.estuary.io.marshaller.config"),
                readmeLines("allowlist.extra=").get(0) + "\n");
    }

    @BeforeClass
    public static void installRiverAndStartReggie() throws Exception {
        // step 2, in the running container
        List<String> installs = readmeLines("bundle:install ");
        assertEquals("the README installs reggie-dl, jsk-dl and jsk-platform", 3, installs.size());
        String installed = KARAF.get().ssh(String.join("; ", installs));
        assertEquals(installed + "\nKaraf log:\n" + KARAF.get().log(), installs.size(),
                installed.split("Bundle ID:", -1).length - 1);
        ReggieProcess forRiver = startReggie();
        ReggieProcess forEstuary = startReggie();

        // River's own net.jini classes and unicast discovery, Estuary's jars behind them
        List<Path> riverFirst = new ArrayList<>(List.of(ReggieProcess.river("jsk-platform"),
                ReggieProcess.river("jsk-lib"), ReggieProcess.river("reggie-dl")));
        riverFirst.addAll(ReadmePrograms.estuaryClientJars());
        riverProgram = PROGRAMS.submit(() -> run(forRiver, riverFirst));
        // Estuary's API (its LookupLocator's unicast discovery) and client first, Reggie's proxy classes behind them
        List<Path> estuaryFirst = new ArrayList<>(ReadmePrograms.estuaryClientJars());
        estuaryFirst.addAll(List.of(ReggieProcess.river("reggie-dl"), ReggieProcess.river("jsk-dl"),
                ReggieProcess.river("jsk-platform")));
        estuaryProgram = PROGRAMS.submit(() -> run(forEstuary, estuaryFirst));
    }

    @AfterClass
    public static void stopProgramsAndReggie() throws InterruptedException {
        PROGRAMS.shutdownNow(); // a program still running is destroyed by ReadmePrograms when interrupted
        PROGRAMS.awaitTermination(30, TimeUnit.SECONDS);
        for (ReggieProcess reggie : REGGIES) {
            reggie.close();
        }
    }

    @Test
    public void aRiverProgramsRegistrationIsKeptAtReggieByTheContainer() throws Exception {
        assertKeptByRenewals(outputOf(riverProgram));
    }

    @Test
    public void anEstuaryProgramsRegistrationIsKeptAtReggieByTheContainer() throws Exception {
        assertKeptByRenewals(outputOf(estuaryProgram));
    }

    /** The program's output, or what made it fail (ReadmePrograms bounds its run). */
    private static String outputOf(Future<String> program) throws Exception {
        try {
            return program.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error) {
                throw (Error) e.getCause();
            }
            throw (Exception) e.getCause();
        }
    }

    private static ReggieProcess startReggie() throws Exception {
        ReggieProcess reggie = ReggieProcess.start(Path.of("target", "reggie", Long.toHexString(System.nanoTime()))
                .toAbsolutePath());
        REGGIES.add(reggie);
        return reggie;
    }

    private static String run(ReggieProcess reggie, List<Path> classPath) throws Exception {
        try {
            return ReadmePrograms.compileAndRun(CLIENT_README, "RenewRiverLease", classPath, reggie.locator(),
                    Integer.toString(KARAF.get().registryPort));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nKaraf log:\n" + KARAF.get().log() + "\nReggie:\n"
                    + reggie.log(), e);
        }
    }

    private static final Pattern KEPT =
            Pattern.compile("Reggie granted (\\d+) ms; still registered (\\d+) ms after that lease ended");

    /**
     * LR.2: the set renewed the lease until the client removed it: at Reggie, the registration outlived its first
     * lease by three terms of at most {@link ReggieProcess#MAX_LEASE_MS}; the lease the set handed back still
     * cancelled the registration at Reggie.
     */
    private static void assertKeptByRenewals(String output) {
        Matcher kept = KEPT.matcher(output);
        assertTrue(output, kept.find());
        long term = Long.parseLong(kept.group(1));
        assertTrue("Reggie granted no more than its maximum: " + output, term <= ReggieProcess.MAX_LEASE_MS);
        assertTrue(output, Long.parseLong(kept.group(2)) >= 3 * term);
        assertTrue(output, output.contains("registration cancelled"));
    }

    /** The lines of the client README's River section that start with {@code prefix}, trimmed. */
    private static List<String> readmeLines(String prefix) throws IOException {
        String readme = Files.readString(CLIENT_README);
        int start = readme.indexOf("## Renewing leases of Apache River services");
        int end = readme.indexOf("\n## ", start + 1);
        assertTrue("the client README has the section", start >= 0 && end > start);
        return readme.substring(start, end).lines().map(String::trim).filter(line -> line.startsWith(prefix))
                .collect(Collectors.toList());
    }
}

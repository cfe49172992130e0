package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NoSuchObjectException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.estuary.renewal.proxy.SetProxy;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.HasAuthentication;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.UsernameAndPassword;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The management views as an operator uses them in a browser. Headless Chromium, driven by Selenium through Debian's
 * chromedriver, logs in to the distribution started as an operator starts it (the driver answers the console's Basic
 * authentication challenge), opens the stores page, the renewal sets page and the leases page of a set this test
 * created through a remote client, sees the operations it made in the renewal service's charts, cancels the set with
 * the page's button and sees it gone; the service confirms it to the client. A screenshot of every page lands in
 * itest/target/screenshots.
 */
public class ConsoleBrowserIT {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String PASSWORD = "it-" + Long.toHexString(System.nanoTime());
    private static final Duration PAGE = Duration.ofSeconds(120); // a loaded host may take long to serve a page

    private static RunningDistribution karaf;

    @BeforeClass
    public static void start() throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            assertFalse("CI is set but " + CHROMIUM + " or " + CHROMEDRIVER
                    + " is missing (apt-get install chromium chromium-driver)", System.getenv("CI") != null);
            Assume.assumeTrue("no " + CHROMIUM + " or " + CHROMEDRIVER + ": browser test skipped", false);
        }
        karaf = RunningDistribution.start(PASSWORD);
        karaf.await("the renewal service bound in the container's registry", Duration.ofSeconds(180), () -> {
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", karaf.registryPort)) {
                return client.names().contains(LeaseRenewalService.class.getName());
            } catch (Exception notYet) {
                return false;
            }
        });
        karaf.awaitConsolePage("estuary-stores", "On disk");
    }

    @AfterClass
    public static void stop() throws Exception {
        if (karaf != null) {
            karaf.close();
        }
    }

    @Test
    public void anOperatorSeesTheSetItsLeasesAndCancelsItFromThePage() throws Exception {
        Path screenshots = Path.of("target", "screenshots").toAbsolutePath();
        Files.createDirectories(screenshots);
        String root = "http://127.0.0.1:" + karaf.httpPort + "/system/console/";
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
                SystemClock clock = new SystemClock("browser-it-landlord")) {
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(600_000, 600_000), 10,
                    (id, r) -> { });
            Landlord landlord = client.export(Landlord.class, table);
            Lease lease = table.grant("client", 600_000).lease(landlord, UUID.randomUUID(), clock);
            LeaseRenewalSet set = client.lookup(LeaseRenewalService.class).createLeaseRenewalSet(600_000);
            set.renewFor(lease, 600_000);
            String id = Long.toUnsignedString(((SetProxy) set).setId());

            WebDriver browser = chromium(screenshots);
            try {
                // the driver answers the console's Basic challenge (no header set by hand)
                ((HasAuthentication) browser).register(UsernameAndPassword.of("admin", PASSWORD));
                WebDriverWait wait = new WebDriverWait(browser, PAGE);

                browser.get(root + "estuary-stores");
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("estuary-stores")));
                assertTrue(browser.getPageSource(), browser.getPageSource().contains("On disk"));
                screenshot(browser, screenshots.resolve("estuary-stores.png"));

                browser.get(root + "estuary-renewal");
                By row = By.cssSelector("tr[data-set='" + id + "']");
                wait.until(ExpectedConditions.presenceOfElementLocated(row));
                screenshot(browser, screenshots.resolve("estuary-renewal-sets.png"));

                // the charts, drawn by the bundle's uPlot from the metrics history: this container's only client
                // operations are this test's two (the set's creation and renewFor), so they are the total, and a
                // rate above zero between two samples; each went through a store write, whose latency is charted.
                // The page redraws the summary and may replace a chart every sampling interval, so each check reads
                // what it needs in one step of the page or retries on an element that was replaced meanwhile.
                Map<String, String> operations = wait.until(page -> {
                    Map<String, String> cells = summaryRow(page, "operations");
                    return cells != null && number(cells.get("peak")) > 0 ? cells : null;
                });
                assertEquals("the operations this test made", "2", operations.get("total"));
                Map<String, String> writes = summaryRow(browser, "store.write.p99.us");
                assertTrue("a store write's latency is charted: " + writes,
                        writes != null && number(writes.get("peak")) > 0);
                wait.ignoring(StaleElementReferenceException.class);
                for (String chart : List.of("estuary-chart-rates", "estuary-chart-latencies")) {
                    By canvas = By.cssSelector("#" + chart + " canvas");
                    assertTrue(chart + " is drawn", wait.until(page -> page.findElement(canvas).isDisplayed()
                            && page.findElement(canvas).getSize().getWidth() > 0));
                }
                assertTrue(browser.findElement(By.id("estuary-chart-rates")).getAttribute("data-series")
                        .contains("operations"));
                screenshot(browser, screenshots.resolve("estuary-renewal-charts.png"));

                browser.findElement(row).findElement(By.tagName("a")).click(); // the set's leases page
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("estuary-leases")));
                List<WebElement> leases = browser.findElements(By.cssSelector("#estuary-leases tr[data-lease]"));
                assertEquals("the set's one client lease", 1, leases.size());
                screenshot(browser, screenshots.resolve("estuary-renewal-leases.png"));

                browser.findElement(By.id("estuary-set-cancel-" + id)).click(); // POST with the page's token
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("estuary-message")));
                assertTrue("the set is gone from the page", browser.findElements(row).isEmpty());
                screenshot(browser, screenshots.resolve("estuary-renewal-after-cancel.png"));
            } finally {
                browser.quit();
            }
            try {
                set.getLeases();
                fail("the cancelled set still answers");
            } catch (NoSuchObjectException expected) {
                // LR.2: a cancelled set is destroyed
            }
            client.unexport(table);
            table.close();
        }
    }

    /** Headless Chromium with a fresh profile, through Debian's chromedriver (no driver download). */
    private static WebDriver chromium(Path artifacts) throws Exception {
        Path profile = Files.createTempDirectory(artifacts, "chromium-profile-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .withLogFile(new File(artifacts.resolve("chromedriver.log").toString())).build();
        return new ChromeDriver(service, options);
    }

    /**
     * The cells of the chart summary's row for {@code metric}, by class name ({@code latest}, {@code peak},
     * {@code total}), read in one script so that a redraw cannot come between them; null while there is no such row.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, String> summaryRow(WebDriver browser, String metric) {
        return (Map<String, String>) ((JavascriptExecutor) browser).executeScript(
                "var row = document.querySelector('#estuary-chart-summary tr[data-metric=\"' + arguments[0] + '\"]');"
                        + " if (!row) { return null; } var cells = {};"
                        + " row.querySelectorAll('td[class]').forEach(function (td) {"
                        + " cells[td.className] = td.textContent; });"
                        + " return cells;", metric);
    }

    /** A summary cell's number ({@code -} for none yet). */
    private static double number(String text) {
        return text == null || text.equals("-") ? 0 : Double.parseDouble(text);
    }

    private static void screenshot(WebDriver browser, Path file) throws Exception {
        Files.write(file, ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}

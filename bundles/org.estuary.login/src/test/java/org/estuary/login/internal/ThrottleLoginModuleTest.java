package org.estuary.login.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.function.Supplier;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;

import org.apache.karaf.jaas.boot.principal.ClientPrincipal;
import org.estuary.core.time.ManualClock;
import org.estuary.io.RateLimitedLog;
import org.junit.jupiter.api.Test;

/**
 * The throttle module in a real JAAS {@link LoginContext}, in front of a password module as in the realm: the
 * waits it takes, what it counts as a failure, what it logs.
 */
class ThrottleLoginModuleTest {

    private final ManualClock clock = new ManualClock(0);
    /** 1 free failure, then 100 ms doubling to at most 400 ms. */
    private final LoginDelays delays = new LoginDelays(clock::nanoTime, 1, 100, 400, 60_000);
    private final List<Long> waits = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();
    private final LoginThrottle throttle = new LoginThrottle(delays,
            new RateLimitedLog(new Lines(lines), Duration.ofHours(1)), 60, waits::add);

    /** The realm: the throttle, then a module that takes the password {@code right}, as the realm's entries. */
    private final Configuration realm = new Configuration() {
        @Override
        public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
            return new AppConfigurationEntry[] {
                new AppConfigurationEntry(ThrottleLoginModule.class.getName(), LoginModuleControlFlag.OPTIONAL,
                        Map.of(ThrottleLoginModule.THROTTLE, throttle)),
                new AppConfigurationEntry(RightPasswordModule.class.getName(), LoginModuleControlFlag.OPTIONAL,
                        Map.of())};
        }
    };

    private boolean login(CallbackHandler handler) {
        Subject subject = new Subject();
        subject.getPrincipals().add(new ClientPrincipal("ssh", "/127.0.0.1:40000"));
        try {
            new LoginContext("karaf", subject, handler, realm).login();
            return true;
        } catch (LoginException refused) {
            return false;
        }
    }

    private static CallbackHandler password(String user, String password) {
        return callbacks -> {
            for (Callback callback : callbacks) {
                if (callback instanceof NameCallback) {
                    ((NameCallback) callback).setName(user);
                } else if (callback instanceof PasswordCallback) {
                    ((PasswordCallback) callback).setPassword(password.toCharArray());
                } else {
                    throw new UnsupportedCallbackException(callback);
                }
            }
        };
    }

    /** What Karaf's ssh server hands a public-key login: a name, and no password. */
    private static CallbackHandler publicKey(String user) {
        return callbacks -> {
            for (Callback callback : callbacks) {
                if (callback instanceof NameCallback) {
                    ((NameCallback) callback).setName(user);
                } else {
                    throw new UnsupportedCallbackException(callback);
                }
            }
        };
    }

    @Test
    void failedPasswordLoginsMakeTheNextLoginsWaitLongerUpToTheBound() {
        for (int i = 0; i < 6; i++) {
            assertEquals(false, login(password("admin", "guess" + i)));
        }
        assertEquals(List.of(100L, 200L, 400L, 400L), waits, "the first login and the one after the free failure "
                + "wait nothing, then each further failure doubles the wait, up to 400 ms");
    }

    @Test
    void theRightPasswordLogsInAfterFailuresWaitingAtMostTheBound() {
        for (int i = 0; i < 10; i++) {
            login(password("admin", "guess" + i));
        }
        waits.clear();
        assertTrue(login(password("admin", "right")));
        assertEquals(List.of(400L), waits);
        assertEquals(400, delays.delayMillis(), "a success does not count as a failure");
    }

    @Test
    void publicKeyLoginsAreNeitherDelayedNorCounted() {
        for (int i = 0; i < 3; i++) {
            login(password("admin", "guess" + i));
        }
        waits.clear();
        assertEquals(false, login(publicKey("admin")));
        assertEquals(List.of(), waits);
        assertEquals(200, delays.delayMillis(), "three failures, the key's not among them");
    }

    @Test
    void failuresAreLoggedRateLimitedWithTheUserAndWhereTheLoginCameFrom() {
        for (int i = 0; i < 5; i++) {
            login(password("admin", "guess" + i));
        }
        assertEquals(1, lines.size(), "one line per hour: " + lines);
        assertTrue(lines.get(0).contains("for user 'admin' from ssh"), lines.get(0));
        assertTrue(lines.get(0).contains("1 failed in the last 60 s"), lines.get(0));
    }

    @Test
    void aUserNameCannotForgeLogLines() {
        login(password("admin\nWARN forged line" + "x".repeat(100), "guess"));
        assertEquals(1, lines.size());
        assertTrue(!lines.get(0).contains("\n") && lines.get(0).contains("admin?WARN forged line"), lines.get(0));
        assertTrue(lines.get(0).contains("x..."), "cut to 64 characters: " + lines.get(0));
    }

    @Test
    void aLoginInterruptedWhileItWaitsFailsAndKeepsTheInterrupt() {
        LoginThrottle interrupted = new LoginThrottle(delays, new RateLimitedLog(new Lines(lines)), 60, millis -> {
            throw new InterruptedException();
        });
        ThrottleLoginModule module = new ThrottleLoginModule();
        module.initialize(new Subject(), password("admin", "guess"), Map.of(),
                Map.of(ThrottleLoginModule.THROTTLE, interrupted));
        delays.failed();
        delays.failed();
        try {
            assertThrows(LoginException.class, module::login);
            assertTrue(Thread.interrupted());
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void withoutItsThrottleTheModuleRefusesToStart() {
        ThrottleLoginModule module = new ThrottleLoginModule();
        assertTrue(assertThrows(IllegalStateException.class,
                () -> module.initialize(new Subject(), password("a", "b"), Map.of(), Map.of())).getMessage()
                .contains(ThrottleLoginModule.THROTTLE));
    }

    /** A logger that keeps its WARNING lines. */
    private static final class Lines implements System.Logger {
        private final List<String> lines;

        Lines(List<String> lines) {
            this.lines = lines;
        }

        @Override
        public String getName() {
            return "lines";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            lines.add(msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            lines.add(format);
        }

        @Override
        public void log(Level level, Supplier<String> msgSupplier) {
            lines.add(msgSupplier.get());
        }
    }
}

package org.estuary.login.internal;

import java.io.IOException;
import java.security.Principal;
import java.util.Map;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;

import org.apache.karaf.jaas.boot.principal.ClientPrincipal;

/**
 * The first module of the throttled {@code karaf} realm, loaded by Karaf's {@code ProxyLoginModule} from this
 * bundle. It authenticates no one (its {@code login} returns false, so JAAS ignores it in the outcome): a password
 * login waits its turn ({@link LoginThrottle#awaitTurn()}) before the modules after it check the password, and a
 * password login that fails in the end is recorded and logged when JAAS aborts it. Logins that present no password
 * (an ssh public key) are neither delayed nor counted.
 */
public final class ThrottleLoginModule implements LoginModule {

    /** The option under which the realm hands the module its throttle. */
    static final String THROTTLE = "org.estuary.login.throttle";

    private Subject subject;
    private CallbackHandler callbacks;
    private LoginThrottle throttle;
    /** The user of a password login this module let through, null for any other login. */
    private String passwordUser;

    /** Made by Karaf's {@code ProxyLoginModule} through the bundle's class loader. */
    public ThrottleLoginModule() {
    }

    @Override
    public void initialize(Subject subject, CallbackHandler callbackHandler, Map<String, ?> sharedState,
            Map<String, ?> options) {
        this.subject = subject;
        this.callbacks = callbackHandler;
        this.throttle = (LoginThrottle) options.get(THROTTLE);
        if (throttle == null) {
            throw new IllegalStateException("option " + THROTTLE + " is missing: the module is meant for the "
                    + "realm of org.estuary.login");
        }
    }

    @Override
    public boolean login() throws LoginException {
        passwordUser = null;
        NameCallback name = new NameCallback("user: ");
        PasswordCallback password = new PasswordCallback("password: ", false);
        try {
            callbacks.handle(new Callback[] {name, password});
        } catch (UnsupportedCallbackException noPassword) {
            return false;
        } catch (IOException e) {
            throw new LoginException("cannot read the login's user and password: " + e);
        } finally {
            password.clearPassword();
        }
        passwordUser = name.getName() == null ? "" : name.getName();
        try {
            throttle.awaitTurn();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoginException("interrupted while the login waited its turn after failed logins");
        }
        return false;
    }

    @Override
    public boolean commit() {
        passwordUser = null;
        return false;
    }

    @Override
    public boolean abort() {
        if (passwordUser != null) {
            throttle.failed(passwordUser, client());
            passwordUser = null;
        }
        return false;
    }

    @Override
    public boolean logout() {
        return false;
    }

    /** Where the login comes from, as Karaf's ssh server and web console put it into the subject. */
    private String client() {
        if (subject == null) {
            return null;
        }
        for (Principal principal : subject.getPrincipals(ClientPrincipal.class)) {
            return principal.getName();
        }
        return null;
    }
}

package org.estuary.login.internal;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;

/** Stands for Karaf's properties module in the realm: it takes the password {@code right} and no other. */
public final class RightPasswordModule implements LoginModule {

    private CallbackHandler callbacks;

    @Override
    public void initialize(Subject subject, CallbackHandler callbackHandler, Map<String, ?> sharedState,
            Map<String, ?> options) {
        this.callbacks = callbackHandler;
    }

    @Override
    public boolean login() throws LoginException {
        PasswordCallback password = new PasswordCallback("password: ", false);
        try {
            callbacks.handle(new Callback[] {new NameCallback("user: "), password});
        } catch (UnsupportedCallbackException | IOException noPassword) {
            throw new FailedLoginException("no password");
        }
        if (!Arrays.equals("right".toCharArray(), password.getPassword())) {
            throw new FailedLoginException("wrong password");
        }
        return true;
    }

    @Override
    public boolean commit() {
        return true;
    }

    @Override
    public boolean abort() {
        return true;
    }

    @Override
    public boolean logout() {
        return true;
    }
}

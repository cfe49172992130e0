package java.rmi.activation;

/**
 * Stands for the type of the same name that Java 17 removed with RMI activation (JEP 407): River 2.2.3's
 * ServiceStarter names it, so the JVM that runs Reggie (or bench/discovery's Fiddler) gets this one through
 * {@code --patch-module java.rmi=...}. Nothing throws it: no activatable service is started.
 */
public class ActivationException extends Exception {

    private static final long serialVersionUID = 1L;

    public ActivationException(String message) {
        super(message);
    }
}

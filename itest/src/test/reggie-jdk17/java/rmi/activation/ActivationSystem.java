package java.rmi.activation;

/**
 * Stands for the interface of the same name that Java 17 removed with RMI activation (JEP 407), which River 2.2.3's
 * ServiceStarter names in a method signature; see {@link ActivationException}.
 */
public interface ActivationSystem extends java.rmi.Remote {
}

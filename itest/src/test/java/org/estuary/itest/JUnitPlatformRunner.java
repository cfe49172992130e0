package org.estuary.itest;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.runner.Description;
import org.junit.runner.Runner;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunNotifier;

/**
 * Runs a JUnit 5 test class (a spec conformance suite shared with the bundles' in-JVM runs) under the JUnit 4
 * provider this module's Failsafe uses: every test of the class is reported as a JUnit 4 test, so the run, skip
 * and failure counts of the suite appear in the Failsafe summary. Skipped (assumption) tests are reported as such.
 */
public final class JUnitPlatformRunner extends Runner {

    private final Class<?> testClass;
    private final Launcher launcher = LauncherFactory.create();
    private final TestPlan plan;
    private final Description description;
    private final Map<String, Description> tests = new HashMap<>();

    public JUnitPlatformRunner(Class<?> testClass) {
        this.testClass = testClass;
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(testClass))
                .build();
        this.plan = launcher.discover(request);
        this.description = Description.createSuiteDescription(testClass);
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier node : plan.getDescendants(root)) {
                if (node.isTest()) {
                    Description test = Description.createTestDescription(testClass, name(node));
                    tests.put(node.getUniqueId(), test);
                    description.addChild(test);
                }
            }
        }
    }

    private static String name(TestIdentifier node) {
        Optional<MethodSource> method = node.getSource()
                .filter(MethodSource.class::isInstance)
                .map(MethodSource.class::cast);
        return method.map(MethodSource::getMethodName).orElse(node.getDisplayName());
    }

    @Override
    public Description getDescription() {
        return description;
    }

    @Override
    public void run(RunNotifier notifier) {
        launcher.execute(plan, new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier node) {
                Description test = tests.get(node.getUniqueId());
                if (test != null) {
                    notifier.fireTestStarted(test);
                }
            }

            @Override
            public void executionSkipped(TestIdentifier node, String reason) {
                Description test = tests.get(node.getUniqueId());
                if (test != null) {
                    notifier.fireTestIgnored(test);
                }
            }

            @Override
            public void executionFinished(TestIdentifier node, TestExecutionResult result) {
                Description test = tests.get(node.getUniqueId());
                Throwable thrown = result.getThrowable().orElse(null);
                switch (result.getStatus()) {
                    case ABORTED -> notifier.fireTestAssumptionFailed(new Failure(of(test), thrown));
                    case FAILED -> notifier.fireTestFailure(new Failure(of(test), thrown));
                    default -> { }
                }
                if (test != null) {
                    notifier.fireTestFinished(test);
                }
            }
        });
    }

    /** A test's own description; the class's for a failure outside any test (a failed {@code @BeforeAll}). */
    private Description of(Description test) {
        return test != null ? test : description;
    }
}

package dev.fluxbench.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Runs the annotated class once per reachable database, with that database's
 * {@link Stacks} injected into its {@code @Parameter Stacks stacks} field. The stacks are
 * shared by every suite and closed at the end of the run, not after each class.
 * <p>
 * The runs on different databases go side by side, one test at a time on each
 * ({@link DatabaseLanes}). Concurrent here is inherited by every test method unless it
 * says otherwise, so each says {@link Execution @Execution(SAME_THREAD)}, through
 * {@link CoreStacks} or {@link EveryStack} or by itself: the tests of one run then follow
 * each other, and {@code ContractSuiteTests} fails the build for one that does not.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}", autoCloseArguments = false)
@ArgumentsSource(RunningStacks.class)
@Execution(ExecutionMode.CONCURRENT)
@ExtendWith(DatabaseLanes.class)
@interface ContractSuite {

}

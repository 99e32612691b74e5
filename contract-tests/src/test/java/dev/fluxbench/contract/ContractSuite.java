package dev.fluxbench.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Runs the annotated class once per reachable database, with that database's
 * {@link Stacks} injected into its {@code @Parameter Stacks stacks} field. The stacks are
 * shared by every suite and closed at the end of the run, not after each class.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}", autoCloseArguments = false)
@ArgumentsSource(RunningStacks.class)
@interface ContractSuite {

}

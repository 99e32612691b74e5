package dev.fluxbench.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A parameterized test over every {@link Stack}, seed 002's and seed 001's variants
 * included, one after the other (see {@link ContractSuite}).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@EnumSource(Stack.class)
@Execution(ExecutionMode.SAME_THREAD)
@interface EveryStack {

}

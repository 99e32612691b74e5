package dev.fluxbench.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A parameterized test over {@link Stack#CORE}: mvc, mvc-vt and webflux, not seed 002's
 * variants, one after the other (see {@link ContractSuite}).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@EnumSource(value = Stack.class, names = { "MVC", "MVC_VT", "WEBFLUX" })
@Execution(ExecutionMode.SAME_THREAD)
@interface CoreStacks {

}

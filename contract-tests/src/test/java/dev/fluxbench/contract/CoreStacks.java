package dev.fluxbench.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.params.provider.EnumSource;

/**
 * A parameterized test over {@link Stack#CORE}: mvc, mvc-vt and webflux, not seed 002's
 * variants.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@EnumSource(value = Stack.class, names = { "MVC", "MVC_VT", "WEBFLUX" })
@interface CoreStacks {

}

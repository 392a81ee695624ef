function main (asm, 104 bytes)
    00000  jmp 0000000000000039h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  movq xmm2,rsi
    00011  movq xmm3,rdi
; line 4: fadd
    00016  vaddsd xmm3,xmm2,xmm3
; line 5: fmul
    0001b  vmulsd xmm3,xmm3,xmm3
; line 6: flt
    00020  ucomisd xmm2,xmm3
    00025  seta al
    00028  movzx esi,al
; line 7: ret
    0002c  mov rax,rsi
    0002f  mov rsp,rbp
    00032  pop rbp
    00033  ret
; unwind to the entry from the interpreter
    00034  mov rsp,[r15+28h]
    00038  ret
; external entry (from the interpreter)
    00039  mov rax,ADDR
    00043  mov rcx,8
    0004d  lea r11,[8]
    00054  jmp qword ptr [60h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00060  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers


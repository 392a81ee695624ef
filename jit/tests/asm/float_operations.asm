function main (asm, 112 bytes)
    00000  jmp 0000000000000042h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  movq xmm2,rsi
    00018  movq xmm3,rdi
; line 4: fadd
    0001d  vaddsd xmm3,xmm2,xmm3
; line 5: fmul
    00022  vmulsd xmm3,xmm3,xmm3
; line 6: flt
    00027  ucomisd xmm2,xmm3
    0002c  seta al
    0002f  movzx eax,al
    00032  mov rsi,rax
; line 7: ret
    00035  mov rax,rsi
    00038  mov rsp,rbp
    0003b  pop rbp
    0003c  ret
; unwind to the entry from the interpreter
    0003d  mov rsp,[r15+28h]
    00041  ret
; external entry (from the interpreter)
    00042  mov rax,ADDR
    0004c  mov rcx,8
    00056  lea r11,[8]
    0005d  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00068  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers


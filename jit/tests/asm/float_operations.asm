function main (asm, 112 bytes)
    00000  jmp 0000000000000040h
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
    0002f  movzx esi,al
; line 7: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; unwind to the entry from the interpreter
    0003b  mov rsp,[r15+28h]
    0003f  ret
; external entry (from the interpreter)
    00040  mov rax,ADDR
    0004a  mov rcx,8
    00054  lea r11,[8]
    0005b  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00068  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers


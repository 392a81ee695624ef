function main (asm, 276 bytes)
    00000  jmp 000000000000006Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: add
    00013  add rsi,5
; line 6: add
    00017  mov rcx,123456789h
    00021  add rsi,rcx
; line 7: print
    00024  mov rax,rsi
    00027  mov rsi,rax
    0002a  mov rcx,2
    00034  mov rdi,[r15+30h]
    0003b  mov rax,ADDR
    00045  push r10
    00047  push r11
    00049  call rax  ; jit_print
    0004b  pop r11
    0004d  pop r10
    0004f  test rdx,rdx
    00052  jne 0000000000000063h
; line 8: ret
    00058  mov eax,0
    0005e  mov rsp,rbp
    00061  pop rbp
    00062  ret
; unwind to the entry from the interpreter
    00063  mov rsp,[r15+28h]
    0006a  ret
; external entry (from the interpreter)
    0006b  push rbp
    0006c  mov rbp,rsp
    0006f  push rbx
    00070  push r12
    00072  push r13
    00074  push r14
    00076  push r15
    00078  mov r15,ADDR
    00082  mov [r15+30h],rdi
    00089  push qword ptr [r15+28h]
    00090  mov r14,8
    0009a  mov r13,[r15+10h]
    000a1  sub r13,[r15]
    000a8  lea rax,[0EDh]
    000af  push rax
    000b0  mov [r15+28h],rsp
    000b7  sub rsp,8
    000bb  mov rdx,rsi
    000be  sub rsp,10h
    000c5  mov rsi,[rdx]
    000cc  call 8
    000d1  xor edx,edx
    000d3  lea rsp,[rbp-30h]
    000da  pop rcx
    000db  mov [r15+28h],rcx
    000e2  pop r15
    000e4  pop r14
    000e6  pop r13
    000e8  pop r12
    000ea  pop rbx
    000eb  pop rbp
    000ec  ret
    000ed  lea rbp,[rsp+30h]
    000f5  mov edx,1
    000fa  lea rsp,[rbp-30h]
    00101  pop rcx
    00102  mov [r15+28h],rcx
    00109  pop r15
    0010b  pop r14
    0010d  pop r13
    0010f  pop r12
    00111  pop rbx
    00112  pop rbp
    00113  ret


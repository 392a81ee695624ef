function main (asm, 212 bytes)
    00000  jmp 000000000000002Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: mul
    00013  lea rdi,[rsi+rsi*4]
; line 5: add
    00018  add rsi,rdi
; line 6: ret
    0001b  mov rax,rsi
    0001e  mov rsp,rbp
    00021  pop rbp
    00022  ret
; unwind to the entry from the interpreter
    00023  mov rsp,[r15+28h]
    0002a  ret
; external entry (from the interpreter)
    0002b  push rbp
    0002c  mov rbp,rsp
    0002f  push rbx
    00030  push r12
    00032  push r13
    00034  push r14
    00036  push r15
    00038  mov r15,ADDR
    00042  mov [r15+30h],rdi
    00049  push qword ptr [r15+28h]
    00050  mov r14,8
    0005a  mov r13,[r15+10h]
    00061  sub r13,[r15]
    00068  lea rax,[0ADh]
    0006f  push rax
    00070  mov [r15+28h],rsp
    00077  sub rsp,8
    0007b  mov rdx,rsi
    0007e  sub rsp,10h
    00085  mov rsi,[rdx]
    0008c  call 8
    00091  xor edx,edx
    00093  lea rsp,[rbp-30h]
    0009a  pop rcx
    0009b  mov [r15+28h],rcx
    000a2  pop r15
    000a4  pop r14
    000a6  pop r13
    000a8  pop r12
    000aa  pop rbx
    000ab  pop rbp
    000ac  ret
    000ad  lea rbp,[rsp+30h]
    000b5  mov edx,1
    000ba  lea rsp,[rbp-30h]
    000c1  pop rcx
    000c2  mov [r15+28h],rcx
    000c9  pop r15
    000cb  pop r14
    000cd  pop r13
    000cf  pop r12
    000d1  pop rbx
    000d2  pop rbp
    000d3  ret

